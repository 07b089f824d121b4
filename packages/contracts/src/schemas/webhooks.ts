import * as z from 'zod/mini';
import '../zod-locale';
import { LIMITS } from '../constants';
import { uuidField } from './fields';

// A group's integrations, managed by its admins (docs/produto.md, Integrações): incoming webhooks
// post into the group from a URL whose token is the secret (shown once), outgoing webhooks receive
// its new messages, signed.

export const WEBHOOK_NAME_MAX = 40;
export const webhookNameField = () =>
  z
    .string('Informe o nome da integração')
    .check(
      z.trim(),
      z.minLength(1, 'Informe o nome da integração'),
      z.maxLength(WEBHOOK_NAME_MAX, `O nome da integração deve ter no máximo ${WEBHOOK_NAME_MAX} caracteres`),
    );

const AVATAR_MESSAGE = 'Imagem da integração inválida';
/** An image uploaded like a group photo (folder 'avatars'); the server checks it is one of ours. */
const webhookAvatarField = () =>
  z.nullable(
    z.string(AVATAR_MESSAGE).check(z.trim(), z.maxLength(2000, AVATAR_MESSAGE), z.url({ protocol: /^https?$/, error: AVATAR_MESSAGE })),
  );

export const webhookParamsSchema = z.object({ groupId: uuidField(), webhookId: uuidField() });

// --- Incoming ---

export const createIncomingWebhookBodySchema = z.object({
  name: webhookNameField(),
  avatarUrl: z.optional(webhookAvatarField()),
  // Whether a payload's username / icon_url may replace the name and the image.
  allowOverrides: z.optional(z.boolean()),
});
export type CreateIncomingWebhookBody = z.infer<typeof createIncomingWebhookBodySchema>;

/** Body of PATCH /group/{groupId}/webhooks/{webhookId}: the image its messages show, or null for none. */
export const updateIncomingWebhookBodySchema = z.object({ avatarUrl: webhookAvatarField() });
export type UpdateIncomingWebhookBody = z.infer<typeof updateIncomingWebhookBodySchema>;

export const incomingWebhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  allowOverrides: z.boolean(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
});
export type IncomingWebhook = z.infer<typeof incomingWebhookSchema>;
export const incomingWebhookListSchema = z.object({ webhooks: z.array(incomingWebhookSchema) });

/** The answer of a creation or a regeneration: the only time the URL (and its token) is shown. */
export const incomingWebhookCreatedSchema = z.object({ id: z.string(), name: z.string(), url: z.string() });
export type IncomingWebhookCreated = z.infer<typeof incomingWebhookCreatedSchema>;

/** Why a webhook's payload was refused (400), one message per thing to fix. */
export const WEBHOOK_PAYLOAD_ERRORS = {
  notObject: 'O corpo deve ser um objeto JSON com "text" (formato do Slack) ou "body" (formato do Papo)',
  noText: 'Informe o texto da mensagem em "text" (formato do Slack) ou "body" (formato do Papo)',
  notString: 'O texto da mensagem deve ser uma string',
  empty: 'A mensagem não pode estar vazia',
  tooLong: `A mensagem deve ter no máximo ${LIMITS.messageMaxLength} caracteres`,
  name: `O nome deve ter de 1 a ${WEBHOOK_NAME_MAX} caracteres`,
  avatar: 'A imagem deve ser um endereço http ou https',
  clientId: 'clientId deve ter de 1 a 100 caracteres',
  badJson: 'O corpo não é um JSON válido',
} as const;

const optionalText = () => z.optional(z.nullable(z.string()));

/**
 * What POST /api/hooks/<token> accepts: Slack's basic payload (`text`, with Slack's formatting,
 * and `username` / `icon_url` where the webhook allows them; `attachments`' fallback texts when
 * there is no text), or Papo's own (`body` in Papo's formatting, `name` / `avatarUrl`, and a
 * `clientId` that makes a retry store the message once).
 *
 * As the reference shows it; parseIncomingPayload (server) reads its meaning.
 */
export const incomingWebhookPayloadSchema = z.looseObject({
  text: optionalText(),
  username: optionalText(),
  icon_url: optionalText(),
  attachments: z.optional(
    z.array(z.looseObject({ fallback: optionalText(), pretext: optionalText(), title: optionalText(), text: optionalText() })),
  ),
  body: optionalText(),
  name: optionalText(),
  avatarUrl: optionalText(),
  clientId: optionalText(),
});

export const webhookPostResponseSchema = z.object({ ok: z.literal(true), messageId: z.string() });

// --- Outgoing ---

export const OUTGOING_TRIGGERS = ['all', 'mention'] as const;
export type OutgoingTrigger = (typeof OUTGOING_TRIGGERS)[number];

export const createOutgoingWebhookBodySchema = z.object({
  name: webhookNameField(),
  url: z
    .string('Informe o endereço')
    .check(z.trim(), z.maxLength(2000, 'Endereço muito longo'), z.url({ protocol: /^https?$/, error: 'Endereço inválido' })),
  trigger: z.enum(OUTGOING_TRIGGERS, 'Escolha quais mensagens a integração recebe'),
});
export type CreateOutgoingWebhookBody = z.infer<typeof createOutgoingWebhookBodySchema>;

export const outgoingWebhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  trigger: z.enum(OUTGOING_TRIGGERS),
  createdAt: z.string(),
});
export type OutgoingWebhook = z.infer<typeof outgoingWebhookSchema>;
export const outgoingWebhookListSchema = z.object({ webhooks: z.array(outgoingWebhookSchema) });

/** The creation's answer: the signing secret is shown this once. */
export const outgoingWebhookCreatedSchema = z.extend(outgoingWebhookSchema, { secret: z.string() });
export type OutgoingWebhookCreated = z.infer<typeof outgoingWebhookCreatedSchema>;

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const webhookDeliverySchema = z.object({
  id: z.string(),
  messageId: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number(),
  lastStatus: z.nullable(z.number()),
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  finishedAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** The headers of a delivery (docs/api.md, Webhooks de saída). */
export const OUTGOING_HEADERS = {
  timestamp: 'x-papo-timestamp',
  signature: 'x-papo-signature',
  webhookId: 'x-papo-webhook-id',
  deliveryId: 'x-papo-delivery-id',
} as const;

export const WEBHOOK_TEXTS = {
  notFound: 'Webhook não encontrado',
  urlRefused: 'Este endereço não pode receber webhooks: ele aponta para a rede interna',
  urlNotHttps: 'O endereço deve começar com https://',
  urlUnresolved: 'Não foi possível encontrar este endereço',
  tooMany: 'Este grupo já tem o máximo de integrações',
  avatarNotFromMedia: 'A imagem da integração deve ser enviada pelo upload de imagem',
  avatarSaved: 'Imagem da integração salva',
} as const;

/** The most webhooks of each kind a group may have. */
export const WEBHOOKS_PER_GROUP_MAX = 20;
