import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import { inQuietHours, levelAllows, type Message, mentionsUser, type PushPayload, pushTag } from '@chat/contracts';
import type { Db } from '../../db/client';
import { groups, users } from '../../db/schema';
import { BackgroundTasks } from '../../lib/background-tasks';
import type { Presence } from '../realtime/presence';
import { messagePayload } from './push-payload';
import type { PushedChats } from './pushed-chats';
import type { PushSender } from './push-sender';
import { liveSubscriptionsOf, type PushTarget, pushTargetsOf, type StoredSubscription } from './push-subscriptions.repository';

/**
 * Messages whose recipients are looked up together: presence, then devices with their owners'
 * settings and silenced chats, then names, in one query each for all of them. Alone, a message costs what it did; in a burst, the
 * lookups are shared instead of repeated for every message.
 */
const BATCH_MESSAGES = 64;
/** Messages waiting for their lookup beyond which new ones are dropped (logged): memory stays bounded. */
const MOST_WAITING_MESSAGES = 10_000;

export interface PushNotifierDeps {
  db: Db;
  presence: Presence;
  sender: PushSender;
  pushed: PushedChats;
  log: FastifyBaseLogger;
  now: () => Date;
}

interface Sent {
  message: Message;
  /** The chat's other people who were offline when the message was stored. */
  recipients: readonly string[];
}

/**
 * Sends a message to the devices of the recipients who have no tab open, after the send has been
 * answered (never on the request's path). Each person's settings decide: nothing in a chat they
 * silenced unless it mentions them, their level (all / mentions and direct messages / nothing),
 * and nothing during their 'Não perturbe'.
 */
export class PushNotifier {
  private readonly tasks: BackgroundTasks;
  private readonly waiting: Sent[] = [];
  private draining = false;
  private lastDropWarning = 0;

  constructor(private readonly deps: PushNotifierDeps) {
    this.tasks = new BackgroundTasks(deps.log);
  }

  /** `recipients`: the chat's other people who were offline when the message was stored. */
  messageSent(message: Message, recipients: readonly string[]): void {
    if (recipients.length === 0 || message.content.type === 'system') return;
    if (this.waiting.length >= MOST_WAITING_MESSAGES) return this.warnDropped();
    this.waiting.push({ message, recipients });
    if (this.draining) return;
    this.draining = true;
    this.tasks.run('push: falha ao notificar', () => this.drain());
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
      await Promise.all(subscriptions.map((subscription) => this.deps.sender.send(subscription, payload, 'normal')));
    });
  }

  /** Resolves once every push started so far has finished (tests; closing). */
  settled(): Promise<void> {
    return this.tasks.settled();
  }

  /** Looks up what has been sent, a batch at a time, until nothing waits. */
  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, BATCH_MESSAGES);
        await this.notify(batch).catch((error: unknown) => this.deps.log.error({ err: error }, 'push: falha ao notificar'));
      }
    } finally {
      this.draining = false;
    }
  }

  private async notify(batch: Sent[]): Promise<void> {
    const { db, presence, now } = this.deps;
    const everyone = [...new Set(batch.flatMap((sent) => sent.recipients))];
    // Asked again: someone may have opened a tab since the message was stored.
    const online = await presence.onlineAmong(everyone);
    const chats = {
      groupIds: [...new Set(batch.flatMap(({ message }) => (message.groupId ? [message.groupId] : [])))],
      conversationIds: [...new Set(batch.flatMap(({ message }) => (message.conversationId ? [message.conversationId] : [])))],
    };
    const targets = await pushTargetsOf(
      db,
      everyone.filter((id) => !online.has(id)),
      chats,
      now(),
    );
    if (targets.length === 0) return;
    const devices = new Map<string, PushTarget[]>();
    for (const target of targets) devices.set(target.userId, [...(devices.get(target.userId) ?? []), target]);
    const at = now();
    const reaching = batch.flatMap(({ message, recipients }) => {
      const chatId = (message.groupId ?? message.conversationId)!;
      const isDirect = message.conversationId !== null;
      const wanted = recipients.filter((id) => {
        // Every device of a person carries the same settings and silenced chats.
        const person = devices.get(id)?.[0];
        if (!person) return false;
        const mentionsMe = mentionsUser(message, id);
        if (person.mutedChats.has(chatId) && !mentionsMe) return false;
        return levelAllows(person.settings.level, { isDirect, mentionsMe }) && !inQuietHours(person.settings, at);
      });
      return wanted.length === 0 ? [] : [{ message, chatId, wanted }];
    });
    if (reaching.length === 0) return;
    const [groupNames, names] = await Promise.all([
      this.groupNames(reaching.map((sent) => sent.message)),
      this.mentionedNames(reaching.map((sent) => sent.message)),
    ]);
    const marks = new Map<string, Set<string>>();
    const pushes: Array<{ subscription: StoredSubscription; payload: PushPayload }> = [];
    for (const { message, chatId, wanted } of reaching) {
      const payload = messagePayload(message, message.groupId ? (groupNames.get(message.groupId) ?? null) : null, names);
      for (const id of wanted) {
        marks.set(id, (marks.get(id) ?? new Set()).add(chatId));
        for (const subscription of devices.get(id)!) pushes.push({ subscription, payload });
      }
    }
    await this.deps.pushed.mark(marks);
    // Not awaited here: a slow push service or a retry's wait holds up no other message's lookup.
    for (const { subscription, payload } of pushes)
      this.tasks.run('push: falha ao enviar', async () => {
        await this.deps.sender.send(subscription, payload);
      });
  }

  private async groupNames(messages: Message[]): Promise<Map<string, string>> {
    const ids = [...new Set(messages.flatMap((message) => (message.groupId ? [message.groupId] : [])))];
    if (ids.length === 0) return new Map();
    const rows = await this.deps.db.select({ id: groups.id, name: groups.name }).from(groups).where(inArray(groups.id, ids));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  private async mentionedNames(messages: Message[]): Promise<Map<string, string>> {
    const ids = [...new Set(messages.flatMap((message) => message.mentions.filter((id) => /^[0-9a-f-]{36}$/i.test(id))))];
    if (ids.length === 0) return new Map();
    const rows = await this.deps.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((row) => [row.id.toLowerCase(), row.name]));
  }

  private warnDropped(): void {
    const now = Date.now();
    if (now - this.lastDropWarning < 60_000) return;
    this.lastDropWarning = now;
    this.deps.log.warn({ waiting: MOST_WAITING_MESSAGES }, 'push: fila cheia, notificações descartadas');
  }
}
