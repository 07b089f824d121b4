import {
  type ChatMuted,
  type Conversation,
  countsTowardUnread,
  type Group,
  isSystemMessage,
  type LastMessage,
  mentionsUser,
  type Message,
  type MessageReadResponse,
  type MessageReceiptEvent,
} from '@chat/contracts';

// How live events change the chat list (docs/produto.md, Regras de conversa), as pure functions
// over the arrays.

export function toLastMessage(message: Message): LastMessage {
  return {
    id: message.id,
    deleted: !!message.deletedAt,
    content: {
      body: message.content.body,
      type: message.content.type,
      // The preview of a file and of a voice note: its name, its length.
      ...(message.content.fileName === undefined ? {} : { fileName: message.content.fileName }),
      ...(message.content.durationMs === undefined ? {} : { durationMs: message.content.durationMs }),
    },
    author: { name: message.author.name },
    authorId: message.authorId,
    createdAt: message.createdAt,
    updatedAt: message.updatedAt,
  };
}

export function upsertById<T extends { id: string }>(list: T[], item: T): T[] {
  const index = list.findIndex((x) => x.id === item.id);
  if (index === -1) return [item, ...list];
  const next = [...list];
  next[index] = item;
  return next;
}

/**
 * docs/produto.md, Regras de conversa: the count grows on an incoming DELIVERED message from
 * another author. SENT counts too (it reached this tab, so it is delivered, whatever a racing
 * status says); READ does not. Only the types people write count (countsTowardUnread), as on the
 * server.
 */
export const countsAsUnread = (message: Message, meId: string) =>
  message.authorId !== meId && (message.status === 'DELIVERED' || message.status === 'SENT') && countsTowardUnread(message.content.type);

const isNewer = (message: Message, last: LastMessage | null) => !last || Date.parse(message.createdAt) > Date.parse(last.createdAt);

const isSameAsLast = (message: Message, last: LastMessage | null) =>
  !!last && last.createdAt === message.createdAt && last.authorId === message.authorId;

/**
 * A message for a conversation of the list: it becomes the last message, and an incoming one from
 * someone else counts as unread unless the conversation is open. Returns null when the
 * conversation is not in the list (the caller re-fetches).
 */
export function applyMessageToConversations(
  list: Conversation[],
  message: Message,
  meId: string,
  openId: string | null,
): Conversation[] | null {
  const index = list.findIndex((c) => c.id === message.conversationId);
  if (index === -1) return null;
  const conversation = list[index]!;
  const newer = isNewer(message, conversation.lastMessage);
  if (!newer && !isSameAsLast(message, conversation.lastMessage)) return list;
  let unreadMessages = conversation.unreadMessages;
  if (openId === conversation.id) unreadMessages = 0;
  else if (newer && countsAsUnread(message, meId)) unreadMessages += 1;
  const next = [...list];
  next[index] = { ...conversation, lastMessage: toLastMessage(message), unreadMessages };
  return next;
}

/**
 * A new group message becomes the last one; unless the group is open, one of others of a type
 * people write counts as unread (the row's count, and the 'Mensagens não lidas' line when it
 * opens) and one that mentions me for the '@' badge; one of mine clears both.
 */
export function applyMessageToGroups(list: Group[], message: Message, meId = '', openId: string | null = null): Group[] | null {
  const index = list.findIndex((g) => g.id === message.groupId);
  if (index === -1) return null;
  const group = list[index]!;
  const newer = isNewer(message, group.lastMessage);
  if (!newer && !isSameAsLast(message, group.lastMessage)) return list;
  // A system line changes the preview only: it is nobody's unread message, and mine reads nothing.
  const line = isSystemMessage(message);
  const unread = newer && openId !== group.id && message.authorId !== meId && countsTowardUnread(message.content.type);
  const mention = unread && mentionsUser(message, meId) ? 1 : 0;
  // Posting reads the group (the server moves my read watermark past my message): my other tabs clear it too.
  const posted = newer && !line && message.authorId === meId;
  const next = [...list];
  next[index] = {
    ...group,
    lastMessage: toLastMessage(message),
    unreadMessages: posted ? 0 : (group.unreadMessages ?? 0) + (unread ? 1 : 0),
    unreadMentions: posted ? 0 : (group.unreadMentions ?? 0) + mention,
  };
  return next;
}

/**
 * An edit or a delete: when it is the chat's last message, the preview follows; its
 * time and the chat's place in the list do not move (same createdAt).
 */
export function applyChangedMessage<T extends Conversation | Group>(list: T[], message: Message): T[] {
  const chatId = message.conversationId ?? message.groupId;
  const index = list.findIndex((c) => c.id === chatId && c.lastMessage?.id === message.id);
  if (index === -1) return list;
  const next = [...list];
  next[index] = { ...list[index]!, lastMessage: toLastMessage(message) };
  return next;
}

/** 'Silenciar' / 'Reativar som' from this or another of my tabs. */
export function applyMuted<T extends Conversation | Group>(list: T[], { chatId, muted }: ChatMuted): T[] {
  const index = list.findIndex((c) => c.id === chatId);
  if (index === -1 || list[index]!.muted === muted) return list;
  const next = [...list];
  next[index] = { ...list[index]!, muted };
  return next;
}

/** I read the group (here or in another tab): its '@' badge and its unread messages clear. */
export function clearGroupUnread(list: Group[], id: string): Group[] {
  const index = list.findIndex((g) => g.id === id);
  if (index === -1 || (!list[index]!.unreadMentions && !list[index]!.unreadMessages)) return list;
  const next = [...list];
  next[index] = { ...list[index]!, unreadMentions: 0, unreadMessages: 0 };
  return next;
}

export function clearUnread(list: Conversation[], id: string): Conversation[] {
  const index = list.findIndex((c) => c.id === id);
  if (index === -1 || list[index]!.unreadMessages === 0) return list;
  const next = [...list];
  next[index] = { ...list[index]!, unreadMessages: 0 };
  return next;
}

/**
 * 'message:read:response' reaches both participants. When I am the reader (this tab or another of
 * mine opened the conversation), the conversation's count is 0 in every tab, unless its last
 * message is someone else's and came after what the read covered (`readUpTo`: a read sent late),
 * which then still counts; the other's reading changes nothing in my list.
 */
export function applyReadResponse(list: Conversation[], response: MessageReadResponse, meId: string): Conversation[] {
  if (response.readerId !== meId) return list;
  const last = list.find((c) => c.id === response.conversationId)?.lastMessage;
  if (leftUnread(last, response.readUpTo, meId)) return list;
  return clearUnread(list, response.conversationId);
}

/** The same for a group: my own READ receipt (this tab or another) clears it, unless it came late. */
export function applyGroupReadReceipt(list: Group[], receipt: MessageReceiptEvent, meId: string): Group[] {
  // An author's event never names them (the server leaves the author out of its readers).
  if (!receipt.userIds.includes(meId) || receipt.status !== 'READ') return list;
  const last = list.find((g) => g.id === receipt.groupId)?.lastMessage;
  if (leftUnread(last, receipt.readUpTo, meId)) return list;
  return clearGroupUnread(list, receipt.groupId);
}

/**
 * A read bounded by `readUpTo` left the chat's last message unread: someone else's, and newer.
 * A later message of mine needs no reading (I saw the chat to write it).
 */
function leftUnread(last: LastMessage | null | undefined, readUpTo: string | undefined, meId: string): boolean {
  return !!readUpTo && !!last && last.authorId !== meId && Date.parse(last.createdAt) > Date.parse(readUpTo);
}
