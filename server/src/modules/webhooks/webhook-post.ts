import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WEBHOOK_TEXTS } from '@chat/contracts';
import { incomingWebhooks } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { createMessagesService } from '../messages/messages.routes';
import type { MessagesService } from '../messages/messages.service';
import { findUserById } from '../users/users.repository';
import { posterOf } from './group-admin';
import { hashToken } from './incoming-webhooks.service';
import { parseIncomingPayload } from './incoming-payload';
import { WebhookIcons } from './webhook-icons';

/** What a token may look like (incoming-webhooks.service.ts makes 43 base64url characters). */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * POST /api/hooks/<token>: the payload becomes a message of the webhook's group, sent through the
 * same path as a member's (stored once, announced live, unread, notified, passed on to the
 * group's outgoing webhooks), under the webhook's name with the 'bot' badge.
 */
export class WebhookPosts {
  private readonly messages: MessagesService;
  private readonly icons: WebhookIcons;

  constructor(private readonly app: FastifyInstance) {
    this.messages = createMessagesService(app);
    this.icons = new WebhookIcons(app.ctx.mediaStore, app.ctx.env.appUrl, app.webhookPolicy, app.log);
  }

  async post(token: string, payload: unknown): Promise<{ ok: true; messageId: string }> {
    const { db, rateLimiter, rateLimits } = this.app.ctx;
    const [webhook] = TOKEN.test(token)
      ? await db
          .select()
          .from(incomingWebhooks)
          .where(eq(incomingWebhooks.tokenHash, hashToken(token)))
      : [];
    if (!webhook) throw notFound(WEBHOOK_TEXTS.notFound);
    // Counted before the payload is read: a script sending bad payloads in a loop is stopped too.
    await rateLimiter.consume([{ name: 'webhook:post', subject: webhook.id, rule: rateLimits.webhookPosts }]);
    const post = parseIncomingPayload(payload);
    const posterId = await posterOf(db, webhook.groupId, webhook.createdById);
    const poster = posterId ? await findUserById(db, posterId) : null;
    if (!poster) throw notFound(WEBHOOK_TEXTS.notFound);
    const overrides = webhook.allowOverrides;
    // The icon is shown from our media store, never from its own address (webhook-icons.ts).
    const icon = overrides && post.avatarUrl ? await this.icons.resolve(webhook.id, post.avatarUrl) : null;
    const message = await this.messages.send(
      poster,
      {
        conversationId: webhook.groupId,
        isGroup: true,
        content: { type: 'text', body: post.text },
        // Scoped to the webhook: its clientIds never meet the member's own.
        clientId: `hook:${webhook.id}:${post.clientId ?? randomUUID()}`,
      },
      null,
      {
        webhookId: webhook.id,
        name: (overrides && post.name) || webhook.name,
        avatarUrl: icon ?? webhook.avatarUrl,
      },
    );
    return { ok: true, messageId: message.id };
  }
}
