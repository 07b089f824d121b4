import * as z from 'zod/mini';
import './zod-locale';
import { conversationSchema, groupSchema, groupUpdatedSchema, messageSchema, reactionSchema, userSchema } from './entities';
import { uuidField } from './schemas/fields';
import { dataExportReadySchema, type DataExportReady } from './schemas/account-data';
import type { Conversation, Group, GroupUpdated, Message, User } from './entities';

// The realtime event map (namespace /events). Both ends validate what they
// receive with these schemas: a bad event is logged and dropped, never trusted.

export const PRESENCE_STATUSES = ['online', 'offline'] as const;
export const presenceStatusSchema = z.enum(PRESENCE_STATUSES);
export type PresenceStatus = z.infer<typeof presenceStatusSchema>;

// Server -> client ids are produced by the server, so only their presence is checked.
const serverId = () => z.string().check(z.minLength(1));

/**
 * `readUpTo`: the createdAt of the newest message the read covered, when it was bounded
 * (`lastMessageId`); the author's ticks turn READ up to it only. Absent: the whole conversation.
 */
export const messageReadResponseSchema = z.object({ conversationId: serverId(), readerId: serverId(), readUpTo: z.optional(serverId()) });
export type MessageReadResponse = z.infer<typeof messageReadResponseSchema>;

/**
 * `lastSeenAt` (beyond the original spec): with 'offline', when the user's last socket closed, if
 * that is known (ISO time); null when they were never seen online.
 */
export const userStatusPayloadSchema = z.object({
  userId: serverId(),
  status: presenceStatusSchema,
  lastSeenAt: z.optional(z.nullable(serverId())),
});
export type UserStatusPayload = z.infer<typeof userStatusPayloadSchema>;

export const userTypingResponseSchema = z.object({
  conversationId: serverId(),
  userId: serverId(),
  isTyping: z.boolean(),
});
export type UserTypingResponse = z.infer<typeof userTypingResponseSchema>;

/**
 * Beyond the original spec: the signed-in user's role, workspace or workspace features changed
 * (admin changed, features edited by ROOT). The browser renews its token and reloads its own user,
 * so navigation and flags follow without signing in again.
 */
export const SESSION_CHANGE_REASONS = ['role', 'features'] as const;
export const sessionChangedSchema = z.object({ reason: z.enum(SESSION_CHANGE_REASONS) });
export type SessionChanged = z.infer<typeof sessionChangedSchema>;

/** Beyond the original spec: the account was removed by an admin; the page signs out at once. */
export const accountDeactivatedSchema = z.object({ userId: serverId() });
export type AccountDeactivated = z.infer<typeof accountDeactivatedSchema>;

/**
 * Beyond the original spec: the password was changed, or sessions were ended (signed out, or
 * ended from the list of sessions). Every session of the user but the one that changed it has lost
 * its tokens; each tab checks its own and signs out when they are gone.
 */
export const SESSION_REVOKED_REASONS = ['password', 'ended'] as const;
export const sessionRevokedSchema = z.object({ reason: z.enum(SESSION_REVOKED_REASONS) });
export type SessionRevoked = z.infer<typeof sessionRevokedSchema>;

/** A message's reactions changed; the whole list, so applying it twice is harmless. */
export const messageReactionEventSchema = z.object({
  messageId: serverId(),
  conversationId: z.nullable(serverId()),
  groupId: z.nullable(serverId()),
  reactions: z.array(reactionSchema),
});
export type MessageReactionEvent = z.infer<typeof messageReactionEventSchema>;

/**
 * Group members had messages delivered or read. To an author: gathered, at most one event per
 * (group, author) in a short window, `userIds` being who moved in it (never the author) and
 * `completedIds` the author's messages every current member has now read: their status is READ
 * (the highlighted tick). To the reader's own tabs, after each read of theirs: `userIds` is just
 * them, and `readUpTo` the createdAt of the newest message the read covered, when it was bounded
 * (as in `message:read:response`).
 */
export const RECEIPT_KINDS = ['DELIVERED', 'READ'] as const;
export const messageReceiptEventSchema = z.object({
  groupId: serverId(),
  userIds: z.array(serverId()),
  status: z.enum(RECEIPT_KINDS),
  at: z.string(),
  completedIds: z.array(serverId()),
  readUpTo: z.optional(serverId()),
});
export type MessageReceiptEvent = z.infer<typeof messageReceiptEventSchema>;

/** The user silenced or un-silenced a chat (their other tabs follow). */
export const chatMutedSchema = z.object({ chatId: serverId(), isGroup: z.boolean(), muted: z.boolean() });
export type ChatMuted = z.infer<typeof chatMutedSchema>;

/**
 * Beyond the original spec, no payload: what reached this page live may have a gap (the server
 * process lost its link to the other processes and has it back). The page fetches its lists and its
 * open chat again, exactly as after a reconnect of its own socket.
 */
export const syncRequiredSchema = z.undefined();

/**
 * What a socket's first handshake may carry besides its token: `since`, when the page asked for
 * the data it shows (ms, the page's clock), and `now`, the page's clock at the handshake (so the
 * server can place `since` on its own clock). The server answers 'sync:required' at once when
 * anything was sent to the user since then, or when it cannot tell; otherwise the page's data is
 * current and nothing is fetched again.
 */
export const socketCatchUpAuthSchema = z.object({
  since: z.number().check(z.int(), z.gte(0)),
  now: z.number().check(z.int(), z.gte(0)),
});
export type SocketCatchUpAuth = z.infer<typeof socketCatchUpAuthSchema>;
export type SyncRequired = z.infer<typeof syncRequiredSchema>;

/**
 * The process holding this socket is shutting down behind a load balancer that has stopped
 * sending it new connections: the client reconnects at a random moment within
 * `reconnectWithinMs` (so that a process's sockets do not all land on the others at once), and
 * the balancer puts it on another process.
 */
export const serverDrainingSchema = z.object({ reconnectWithinMs: z.number().check(z.int(), z.gte(0), z.lte(60_000)) });
export type ServerDraining = z.infer<typeof serverDrainingSchema>;

/** Events the server emits, keyed by event name. */
export const serverEventSchemas = {
  conversation: conversationSchema,
  message: messageSchema,
  group: groupSchema,
  /** What changed, with the group's head: never the whole membership. */
  'group::updated': groupUpdatedSchema,
  'message:read:response': messageReadResponseSchema,
  userStatusResponse: userStatusPayloadSchema,
  userStatus: userStatusPayloadSchema,
  'user:typing:response': userTypingResponseSchema,
  /** A member's profile (name, nickName, avatar) changed: to the whole workspace. */
  'user:updated': userSchema,
  'session:changed': sessionChangedSchema,
  'account:deactivated': accountDeactivatedSchema,
  'session:revoked': sessionRevokedSchema,
  /** An edit (the whole message as it reads now). */
  'message:updated': messageSchema,
  /** A delete (the message without its content, deletedAt and deletedBy set). */
  'message:deleted': messageSchema,
  'message:reaction': messageReactionEventSchema,
  'message:receipt': messageReceiptEventSchema,
  'chat:muted': chatMutedSchema,
  'sync:required': syncRequiredSchema,
  'server:draining': serverDrainingSchema,
  /** The person's data export is ready to download (to their own sockets). */
  'data-export:ready': dataExportReadySchema,
  /** The workspace's export is ready to download (to the sockets of the ADMIN who asked). */
  'workspace-export:ready': dataExportReadySchema,
} as const;

// Client -> server payloads cross a trust boundary into the server: ids must be UUIDs.
export const userTypingPayloadSchema = z.object({
  conversationId: uuidField(),
  isTyping: z.boolean(),
  // The server forwards only to the conversation's participants, whatever this list claims.
  targetUsersIds: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(1000)),
});
export type UserTypingPayload = z.infer<typeof userTypingPayloadSchema>;

/**
 * A read covers what the reader had on screen: `lastMessageId` is the newest message shown, and
 * only it and older ones become read. A read can reach the server late (emitted before the live
 * connection existed, or while it was down, and sent once it is there): unbounded, it would also
 * mark read what arrived after the chat was left. Without it (an integration sending only
 * `{conversationId}`), everything in the chat is read.
 */
const lastMessageIdField = () => z.optional(uuidField());

export const conversationReadPayloadSchema = z.object({ conversationId: uuidField(), lastMessageId: lastMessageIdField() });
export type ConversationReadPayload = z.infer<typeof conversationReadPayloadSchema>;

export const checkUserStatusPayloadSchema = z.object({ userId: uuidField() });
export type CheckUserStatusPayload = z.infer<typeof checkUserStatusPayloadSchema>;

/** The member has the group open; what it shows is read (one batch on the server). */
export const groupReadPayloadSchema = z.object({ groupId: uuidField(), lastMessageId: lastMessageIdField() });
export type GroupReadPayload = z.infer<typeof groupReadPayloadSchema>;

/** Events the browser emits, keyed by event name. */
export const clientEventSchemas = {
  'user:typing': userTypingPayloadSchema,
  'message:read': conversationReadPayloadSchema,
  'message:read:all': conversationReadPayloadSchema,
  checkUserStatus: checkUserStatusPayloadSchema,
  'group:read': groupReadPayloadSchema,
} as const;

export type ServerEventName = keyof typeof serverEventSchemas;
export type ClientEventName = keyof typeof clientEventSchemas;
export type ServerEventPayloads = { [K in ServerEventName]: z.output<(typeof serverEventSchemas)[K]> };
export type ClientEventPayloads = { [K in ClientEventName]: z.output<(typeof clientEventSchemas)[K]> };

export const SERVER_EVENT_NAMES = Object.keys(serverEventSchemas) as ServerEventName[];
export const CLIENT_EVENT_NAMES = Object.keys(clientEventSchemas) as ClientEventName[];

/** socket.io generic: `Socket<ServerToClientEvents, ClientToServerEvents>` in the browser. */
export interface ServerToClientEvents {
  conversation: (payload: Conversation) => void;
  message: (payload: Message) => void;
  group: (payload: Group) => void;
  'group::updated': (payload: GroupUpdated) => void;
  'message:read:response': (payload: MessageReadResponse) => void;
  userStatusResponse: (payload: UserStatusPayload) => void;
  userStatus: (payload: UserStatusPayload) => void;
  'user:typing:response': (payload: UserTypingResponse) => void;
  'user:updated': (payload: User) => void;
  'session:changed': (payload: SessionChanged) => void;
  'account:deactivated': (payload: AccountDeactivated) => void;
  'session:revoked': (payload: SessionRevoked) => void;
  'message:updated': (payload: Message) => void;
  'message:deleted': (payload: Message) => void;
  'message:reaction': (payload: MessageReactionEvent) => void;
  'message:receipt': (payload: MessageReceiptEvent) => void;
  'chat:muted': (payload: ChatMuted) => void;
  'sync:required': (payload: SyncRequired) => void;
  'server:draining': (payload: ServerDraining) => void;
  'data-export:ready': (payload: DataExportReady) => void;
  'workspace-export:ready': (payload: DataExportReady) => void;
}

/** socket.io generic: `Server<ClientToServerEvents, ServerToClientEvents>` on the server. */
export interface ClientToServerEvents {
  'user:typing': (payload: UserTypingPayload) => void;
  'message:read': (payload: ConversationReadPayload) => void;
  'message:read:all': (payload: ConversationReadPayload) => void;
  checkUserStatus: (payload: CheckUserStatusPayload) => void;
  'group:read': (payload: GroupReadPayload) => void;
}

// Compile-time guard: the hand-written interfaces above must match the schema records exactly.
type Handlers<P> = { [K in keyof P]: (payload: P[K]) => void };
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const interfacesMatchSchemas: [
  Same<ServerToClientEvents, Handlers<ServerEventPayloads>>,
  Same<ClientToServerEvents, Handlers<ClientEventPayloads>>,
] = [true, true];
void interfacesMatchSchemas;

export type EventDirection = 'serverToClient' | 'clientToServer';
type NamesOf<D extends EventDirection> = D extends 'serverToClient' ? ServerEventName : ClientEventName;
type PayloadOf<D extends EventDirection, K> = D extends 'serverToClient'
  ? K extends ServerEventName
    ? ServerEventPayloads[K]
    : never
  : K extends ClientEventName
    ? ClientEventPayloads[K]
    : never;

export interface EventIssue {
  path: string;
  message: string;
}

export type ParseEventResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** Safe to log: event name, paths and messages only, never the payload's values. */
      error: string;
      issues: EventIssue[];
    };

/**
 * Validates one event payload. Returns a result instead of throwing so that a bad event can be
 * logged (without its private fields) and dropped.
 */
export function parseEvent<D extends EventDirection, K extends NamesOf<D>>(
  direction: D,
  name: K,
  payload: unknown,
): ParseEventResult<PayloadOf<D, K>> {
  const schemas: Record<string, z.ZodMiniType> = direction === 'serverToClient' ? serverEventSchemas : clientEventSchemas;
  // hasOwn: a name like 'constructor' or '__proto__' must not reach the prototype.
  const schema = Object.hasOwn(schemas, name) ? schemas[name] : undefined;
  if (!schema) {
    const message = 'Evento desconhecido';
    return { ok: false, error: `${String(name)}: ${message}`, issues: [{ path: '', message }] };
  }
  const result = schema.safeParse(payload);
  if (result.success) return { ok: true, data: result.data as PayloadOf<D, K> };
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const detail = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return { ok: false, error: `${String(name)}: ${detail}`, issues };
}
