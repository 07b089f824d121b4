import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  type CreateOutgoingWebhookBody,
  type OutgoingTrigger,
  type OutgoingWebhook,
  type OutgoingWebhookCreated,
  WEBHOOK_TEXTS,
  type WebhookDelivery,
  WEBHOOKS_PER_GROUP_MAX,
} from '@chat/contracts';
import type { Db } from '../../db/client';
import { type OutgoingWebhookRow, outgoingWebhooks } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AddressPolicy } from './address-policy';
import { latestDeliveries } from './deliveries.repository';
import { requireGroupAdmin } from './group-admin';
import { newWebhookSecret } from './signature';

/** The log shows this many of a webhook's latest deliveries. */
export const DELIVERY_LOG_SIZE = 50;

const toOutgoing = (w: OutgoingWebhookRow): OutgoingWebhook => ({
  id: w.id,
  name: w.name,
  url: w.url,
  trigger: w.trigger as OutgoingTrigger,
  createdAt: w.createdAt.toISOString(),
});

/** A group's outgoing webhooks, managed by its admins; the signing secret is shown once, at creation. */
export class OutgoingWebhooks {
  constructor(
    private readonly db: Db,
    private readonly policy: AddressPolicy,
  ) {}

  async list(userId: string, groupId: string): Promise<OutgoingWebhook[]> {
    await requireGroupAdmin(this.db, groupId, userId);
    const rows = await this.db
      .select()
      .from(outgoingWebhooks)
      .where(eq(outgoingWebhooks.groupId, groupId))
      .orderBy(asc(outgoingWebhooks.createdAt));
    return rows.map(toOutgoing);
  }

  async create(userId: string, groupId: string, body: CreateOutgoingWebhookBody): Promise<OutgoingWebhookCreated> {
    await requireGroupAdmin(this.db, groupId, userId);
    await this.checkUrl(body.url);
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(outgoingWebhooks).where(eq(outgoingWebhooks.groupId, groupId));
    if (n >= WEBHOOKS_PER_GROUP_MAX) throw conflict(WEBHOOK_TEXTS.tooMany);
    const [row] = await this.db
      .insert(outgoingWebhooks)
      .values({ groupId, name: body.name, url: body.url, trigger: body.trigger, secret: newWebhookSecret(), createdById: userId })
      .returning();
    return { ...toOutgoing(row!), secret: row!.secret };
  }

  async delete(userId: string, groupId: string, webhookId: string): Promise<void> {
    await requireGroupAdmin(this.db, groupId, userId);
    const gone = await this.db
      .delete(outgoingWebhooks)
      .where(and(eq(outgoingWebhooks.id, webhookId), eq(outgoingWebhooks.groupId, groupId)))
      .returning({ id: outgoingWebhooks.id });
    if (gone.length === 0) throw notFound(WEBHOOK_TEXTS.notFound);
  }

  async deliveries(userId: string, groupId: string, webhookId: string): Promise<WebhookDelivery[]> {
    await requireGroupAdmin(this.db, groupId, userId);
    const [webhook] = await this.db
      .select({ id: outgoingWebhooks.id })
      .from(outgoingWebhooks)
      .where(and(eq(outgoingWebhooks.id, webhookId), eq(outgoingWebhooks.groupId, groupId)));
    if (!webhook) throw notFound(WEBHOOK_TEXTS.notFound);
    const rows = await latestDeliveries(this.db, webhookId, DELIVERY_LOG_SIZE);
    return rows.map((d) => ({
      id: d.id,
      messageId: d.messageId,
      state: d.state as WebhookDelivery['state'],
      attempts: d.attempts,
      lastStatus: d.lastStatus,
      lastError: d.lastError,
      createdAt: d.createdAt.toISOString(),
      finishedAt: d.finishedAt?.toISOString() ?? null,
      nextAttemptAt: d.state === 'pending' ? d.nextAttemptAt.toISOString() : null,
    }));
  }

  /**
   * https only, and not into the internal network (unless WEBHOOK_ALLOWED_HOSTS lists the host,
   * which may then use http too). Checked here so the admin hears it at once; the delivery checks
   * the address it connects to again, since a name may resolve elsewhere later.
   */
  private async checkUrl(text: string): Promise<void> {
    const url = new URL(text);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (url.username || url.password) throw badRequest(WEBHOOK_TEXTS.urlRefused);
    const listed = this.policy.allowsHost(host);
    if (url.protocol !== 'https:' && !listed) throw badRequest(WEBHOOK_TEXTS.urlNotHttps);
    if (listed) return;
    const addresses = isIP(host) !== 0 ? [host] : await resolved(host);
    if (addresses.some((address) => !this.policy.allowsAddress(host, address))) throw badRequest(WEBHOOK_TEXTS.urlRefused);
  }
}

/** The name's addresses now; none when it does not resolve (the deliveries will say so in the log). */
async function resolved(host: string): Promise<string[]> {
  try {
    return (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return [];
  }
}
