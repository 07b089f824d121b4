import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  type CreateIncomingWebhookBody,
  type IncomingWebhook,
  type IncomingWebhookCreated,
  type UpdateIncomingWebhookBody,
  WEBHOOK_TEXTS,
  WEBHOOKS_PER_GROUP_MAX,
} from '@chat/contracts';
import type { Db } from '../../db/client';
import { incomingWebhooks, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { type MediaAccess, type MediaUser, usableMedia } from '../media/media-uploads';
import { requireGroupAdmin } from './group-admin';

/** The URL's secret part: 256 random bits. */
const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A group's incoming webhooks, managed by its admins. The URL is shown once, at creation and regeneration. */
export class IncomingWebhooks {
  constructor(
    private readonly db: Db,
    private readonly appUrl: string,
    private readonly media: MediaAccess,
  ) {}

  async list(userId: string, groupId: string): Promise<IncomingWebhook[]> {
    await requireGroupAdmin(this.db, groupId, userId);
    const rows = await this.db
      .select({ webhook: incomingWebhooks, creatorName: users.name })
      .from(incomingWebhooks)
      .innerJoin(users, eq(users.id, incomingWebhooks.createdById))
      .where(eq(incomingWebhooks.groupId, groupId))
      .orderBy(asc(incomingWebhooks.createdAt));
    return rows.map(({ webhook: w, creatorName }) => ({
      id: w.id,
      name: w.name,
      avatarUrl: w.avatarUrl,
      allowOverrides: w.allowOverrides,
      createdAt: w.createdAt.toISOString(),
      createdBy: { id: w.createdById, name: creatorName },
    }));
  }

  async create(user: MediaUser, groupId: string, body: CreateIncomingWebhookBody): Promise<IncomingWebhookCreated> {
    const userId = user.id;
    await requireGroupAdmin(this.db, groupId, userId);
    await this.checkAvatar(user, body.avatarUrl ?? null);
    const [{ n } = { n: 0 }] = await this.db.select({ n: count() }).from(incomingWebhooks).where(eq(incomingWebhooks.groupId, groupId));
    if (n >= WEBHOOKS_PER_GROUP_MAX) throw conflict(WEBHOOK_TEXTS.tooMany);
    const token = newToken();
    const [row] = await this.db
      .insert(incomingWebhooks)
      .values({
        groupId,
        name: body.name,
        avatarUrl: body.avatarUrl ?? null,
        allowOverrides: body.allowOverrides ?? false,
        tokenHash: hashToken(token),
        createdById: userId,
      })
      .returning();
    return { id: row!.id, name: row!.name, url: this.urlOf(token) };
  }

  /** A new URL (the old one stops at once); the admin who regenerates becomes the one it posts through. */
  async regenerate(userId: string, groupId: string, webhookId: string): Promise<IncomingWebhookCreated> {
    await requireGroupAdmin(this.db, groupId, userId);
    const token = newToken();
    const [row] = await this.db
      .update(incomingWebhooks)
      .set({ tokenHash: hashToken(token), createdById: userId })
      .where(and(eq(incomingWebhooks.id, webhookId), eq(incomingWebhooks.groupId, groupId)))
      .returning();
    if (!row) throw notFound(WEBHOOK_TEXTS.notFound);
    return { id: row.id, name: row.name, url: this.urlOf(token) };
  }

  /** The image its messages show: uploaded like a group photo, or null for none. */
  async setAvatar(user: MediaUser, groupId: string, webhookId: string, body: UpdateIncomingWebhookBody): Promise<void> {
    await requireGroupAdmin(this.db, groupId, user.id);
    await this.checkAvatar(user, body.avatarUrl);
    const [row] = await this.db
      .update(incomingWebhooks)
      .set({ avatarUrl: body.avatarUrl })
      .where(and(eq(incomingWebhooks.id, webhookId), eq(incomingWebhooks.groupId, groupId)))
      .returning({ id: incomingWebhooks.id });
    if (!row) throw notFound(WEBHOOK_TEXTS.notFound);
  }

  /** Only an image of our media store: the page shows no image from elsewhere. */
  private async checkAvatar(user: MediaUser, avatarUrl: string | null): Promise<void> {
    if (avatarUrl !== null && (await usableMedia(this.media, avatarUrl, user))?.folder !== 'avatars') {
      throw badRequest(WEBHOOK_TEXTS.avatarNotFromMedia);
    }
  }

  async delete(userId: string, groupId: string, webhookId: string): Promise<void> {
    await requireGroupAdmin(this.db, groupId, userId);
    const gone = await this.db
      .delete(incomingWebhooks)
      .where(and(eq(incomingWebhooks.id, webhookId), eq(incomingWebhooks.groupId, groupId)))
      .returning({ id: incomingWebhooks.id });
    if (gone.length === 0) throw notFound(WEBHOOK_TEXTS.notFound);
  }

  private urlOf(token: string): string {
    return new URL(`/api/hooks/${token}`, this.appUrl).toString();
  }
}
