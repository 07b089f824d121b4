import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { inQuietHours, levelAllows, type Message, mentionsUser, pushTag } from '@chat/contracts';
import type { Db } from '../../db/client';
import { conversationMutes, groupMembers, groups, users } from '../../db/schema';
import { BackgroundTasks } from '../../lib/background-tasks';
import { settingsOfUsers } from '../notification-settings/notification-settings.repository';
import type { Presence } from '../realtime/presence';
import { messagePayload } from './push-payload';
import type { PushedChats } from './pushed-chats';
import type { PushSender } from './push-sender';
import { liveSubscriptionsOf, type StoredSubscription } from './push-subscriptions.repository';

/** Pushes in flight at once for one message: a large group's fan-out does not open a socket per member at once. */
const CONCURRENT_PUSHES = 16;

export interface PushNotifierDeps {
  db: Db;
  presence: Presence;
  sender: PushSender;
  pushed: PushedChats;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Sends a message to the devices of the recipients who have no tab open, after the send has been
 * answered (never on the request's path). Each person's settings decide: nothing in a chat they
 * silenced unless it mentions them, their level (all / mentions and direct messages / nothing),
 * and nothing during their 'Não perturbe'.
 */
export class PushNotifier {
  private readonly tasks: BackgroundTasks;

  constructor(private readonly deps: PushNotifierDeps) {
    this.tasks = new BackgroundTasks(deps.log);
  }

  /** `recipients`: the chat's other people who were offline when the message was stored. */
  messageSent(message: Message, recipients: readonly string[]): void {
    if (recipients.length === 0 || message.content.type === 'system') return;
    this.tasks.run('push: falha ao notificar', () => this.notify(message, recipients));
  }

  /**
   * `userId` read the chat on some device: if their devices were sent a notification of it, a
   * `read` push closes it there.
   */
  chatRead(userId: string, chatId: string): void {
    this.tasks.run('push: falha ao avisar a leitura', async () => {
      if (!(await this.deps.pushed.take(userId, chatId))) return;
      const subscriptions = await liveSubscriptionsOf(this.deps.db, [userId], this.deps.now());
      const payload = { kind: 'read', chatId, tag: pushTag(chatId) } as const;
      await this.fanOut(subscriptions, (subscription) => this.deps.sender.send(subscription, payload, 'normal'));
    });
  }

  /** Resolves once every push started so far has finished (tests; closing). */
  settled(): Promise<void> {
    return this.tasks.settled();
  }

  private async notify(message: Message, recipients: readonly string[]): Promise<void> {
    const { db, presence, now } = this.deps;
    // Asked again: someone may have opened a tab since the message was stored.
    const online = await presence.onlineAmong(recipients);
    const offline = recipients.filter((id) => !online.has(id));
    const subscriptions = await liveSubscriptionsOf(db, offline, now());
    if (subscriptions.length === 0) return;
    const people = [...new Set(subscriptions.map((s) => s.userId))];
    const [settings, muted] = await Promise.all([settingsOfUsers(db, people), this.mutedAmong(message, people)]);
    const at = now();
    const isDirect = message.conversationId !== null;
    const wanted = new Set(
      people.filter((id) => {
        const mine = settings.get(id)!;
        const mentionsMe = mentionsUser(message, id);
        if (muted.has(id) && !mentionsMe) return false;
        return levelAllows(mine.level, { isDirect, mentionsMe }) && !inQuietHours(mine, at);
      }),
    );
    const targets = subscriptions.filter((s) => wanted.has(s.userId));
    if (targets.length === 0) return;
    const payload = messagePayload(message, await this.groupName(message), await this.mentionedNames(message));
    await Promise.all([...wanted].map((userId) => this.deps.pushed.mark(userId, [payload.chatId])));
    await this.fanOut(targets, (subscription) => this.deps.sender.send(subscription, payload));
  }

  private async fanOut(targets: StoredSubscription[], send: (s: StoredSubscription) => Promise<unknown>): Promise<void> {
    const queue = [...targets];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await send(next);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_PUSHES, queue.length) }, worker));
  }

  private async mutedAmong(message: Message, userIds: string[]): Promise<Set<string>> {
    const { db } = this.deps;
    const rows = message.groupId
      ? await db
          .select({ userId: groupMembers.userId })
          .from(groupMembers)
          .where(and(eq(groupMembers.groupId, message.groupId), inArray(groupMembers.userId, userIds), eq(groupMembers.muted, true)))
      : await db
          .select({ userId: conversationMutes.userId })
          .from(conversationMutes)
          .where(and(eq(conversationMutes.conversationId, message.conversationId!), inArray(conversationMutes.userId, userIds)));
    return new Set(rows.map((row) => row.userId));
  }

  private async groupName(message: Message): Promise<string | null> {
    if (!message.groupId) return null;
    const [row] = await this.deps.db.select({ name: groups.name }).from(groups).where(eq(groups.id, message.groupId));
    return row?.name ?? null;
  }

  private async mentionedNames(message: Message): Promise<Map<string, string>> {
    const ids = message.mentions.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (ids.length === 0) return new Map();
    const rows = await this.deps.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id.toLowerCase(), row.name]));
  }
}
