import * as z from 'zod/mini';
import '../zod-locale';

// Web Push (RFC 8030 with VAPID and aes128gcm payloads): each device subscribes on its own, after
// the person allows notifications, and the server posts a message there when no tab is open.

/** Base64url without padding, as PushSubscription.toJSON() writes its keys. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export const PUSH_ERRORS = {
  endpoint: 'Endereço de notificação inválido',
  /** The endpoint is not on a known push service (the server posts only there). */
  endpointHost: 'Serviço de notificação não permitido',
  keys: 'Chaves de notificação inválidas',
  /** A subscription belongs to a browser session; an API key has none. */
  sessionOnly: 'As notificações são ativadas no navegador',
} as const;

/** GET /push/vapid-public-key: the server's application server key (base64url, uncompressed P-256 point). */
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

const endpointSchema = z.string(PUSH_ERRORS.endpoint).check(
  z.maxLength(2048, PUSH_ERRORS.endpoint),
  z.refine((value) => {
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, PUSH_ERRORS.endpoint),
);

/** POST /push/subscriptions: PushSubscription.toJSON() of this device (expirationTime is ignored). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: endpointSchema,
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    // An uncompressed P-256 public key is 65 bytes: 87 characters of base64url.
    p256dh: z.string(PUSH_ERRORS.keys).check(z.length(87, PUSH_ERRORS.keys), z.regex(BASE64URL, PUSH_ERRORS.keys)),
    // The authentication secret is 16 bytes: 22 characters.
    auth: z.string(PUSH_ERRORS.keys).check(z.length(22, PUSH_ERRORS.keys), z.regex(BASE64URL, PUSH_ERRORS.keys)),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** DELETE /push/subscriptions: stop pushing to this endpoint (the caller's own only). */
export const pushUnsubscribeBodySchema = z.object({ endpoint: endpointSchema });
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/**
 * What the service worker receives. `message`: show it (one notification per chat, `tag`),
 * `read`: the chat was read on another device, close its notification.
 */
export const pushPayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    messageId: z.string(),
    chatId: z.string(),
    isGroup: z.boolean(),
    title: z.string(),
    body: z.string(),
    /** The chat's route in the app: a click opens it. */
    path: z.string(),
    tag: z.string(),
  }),
  z.object({ kind: z.literal('read'), chatId: z.string(), tag: z.string() }),
]);
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** One notification per chat: a newer message replaces the chat's earlier one. */
export const pushTag = (chatId: string) => `chat:${chatId}`;

/** The chat's route, as the app's links write it. */
export const chatPath = (chatId: string, isGroup: boolean) =>
  `/auth/conversations/${encodeURIComponent(chatId)}/${isGroup ? 'group' : 'conversation'}`;
