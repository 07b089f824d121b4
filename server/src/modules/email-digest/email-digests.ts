import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import { chatPath, inQuietHours, MENTION_ALL, type Message, MENTION_TOKEN_PATTERN } from '@chat/contracts';
import type { Db } from '../../db/client';
import { dropJobLease, takeJobLease } from '../../db/queries/job-lease';
import { users } from '../../db/schema';
import { BackgroundTasks } from '../../lib/background-tasks';
import { PeriodicJob } from '../../lib/periodic-job';
import type { Mailer } from '../mail/mail';
import { settingsOfUsers } from '../notification-settings/notification-settings.repository';
import type { Presence } from '../realtime/presence';
import { type DigestChat, digestMail } from './digest-mail';
import {
  claimDigest,
  clearPending,
  type DigestItems,
  digestItems,
  type DueDigest,
  dueDigests,
  markPending,
  releaseDigest,
  setPending,
} from './email-digest.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

const JOB = 'email-digest';
/** People looked at per round; the rest wait for the next (oldest first). */
const ROUND_SIZE = 200;

export interface EmailDigestsDeps {
  db: Db;
  presence: Presence;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  appUrl: string;
  delaySeconds: number;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** How often the rounds run: a fraction of the delay, so a digest leaves soon after it is due. */
export const roundIntervalMs = (delaySeconds: number) => Math.min(60, Math.max(1, Math.floor(delaySeconds / 4))) * 1000;

/**
 * The e-mail digest of what someone missed. A message to someone with no tab open marks them
 * pending (after the send's answer); a periodic round, on the process holding the job's lease,
 * looks at those marked longer than the delay ago and mails each one digest of their unread direct
 * messages and mentions that never reached a tab of theirs, under their settings: digests on,
 * a level other than 'Nada', never during 'Não perturbe', at most one per delay. The digest takes
 * its messages with one conditional update (claimDigest), so none is in two digests.
 */
export class EmailDigests {
  private readonly tasks: BackgroundTasks;
  private readonly job: PeriodicJob;
  private readonly holder = randomUUID();

  constructor(private readonly deps: EmailDigestsDeps) {
    this.tasks = new BackgroundTasks(deps.log);
    const intervalMs = roundIntervalMs(deps.delaySeconds);
    this.job = new PeriodicJob({
      what: 'resumo por e-mail: falha na rodada',
      intervalMs,
      log: deps.log,
      // Nothing due, nothing written (an idle server reads one index a round). The lease outlives
      // a round or two of its holder, and passes on when the holder stops renewing it.
      takeTurn: async () => {
        const now = deps.now();
        if ((await dueDigests(deps.db, this.cutoff(now), 1)).length === 0) return false;
        return takeJobLease(deps.db, { name: JOB, holder: this.holder, now, until: new Date(now.getTime() + 3 * intervalMs) });
      },
      round: () => this.round(),
    });
  }

  start(): this {
    this.job.start();
    return this;
  }

  /** `offline`: the chat's other people who had no tab open when the message was stored. */
  messageSent(message: Message, offline: readonly string[]): void {
    if (offline.length === 0 || message.content.type === 'system') return;
    // A digest lists direct messages and mentions: a group message without one marks nobody.
    const marked =
      message.groupId === null
        ? offline
        : message.mentions.includes(MENTION_ALL)
          ? offline
          : offline.filter((id) => message.mentions.includes(id));
    if (marked.length === 0) return;
    this.tasks.run('resumo por e-mail: falha ao marcar', () => markPending(this.deps.db, marked, new Date(message.createdAt)));
  }

  /** One round now, if this process holds the job (tests; the timer calls it too). */
  runOnce(): Promise<void> {
    return this.job.runOnce();
  }

  /** Resolves once the marks started so far are written (tests). */
  settled(): Promise<void> {
    return this.tasks.settled();
  }

  async close(): Promise<void> {
    await this.job.stop();
    await this.tasks.settled();
    await dropJobLease(this.deps.db, JOB, this.holder).catch(() => undefined);
  }

  private async round(): Promise<void> {
    const { db, presence, now } = this.deps;
    const at = now();
    const cutoff = this.cutoff(at);
    const due = await dueDigests(db, cutoff, ROUND_SIZE);
    if (due.length === 0) return;
    const ids = due.map((d) => d.userId);
    const [online, settings] = await Promise.all([presence.onlineAmong(ids), settingsOfUsers(db, ids)]);
    for (const person of due) {
      const mine = settings.get(person.userId)!;
      if (!person.active || !mine.emailDigest || mine.level === 'none') {
        await clearPending(db, person.userId);
        continue;
      }
      // Back in the app (what waited is being delivered now), or in 'Não perturbe': looked at
      // again a delay later, behind the others (the oldest marks come first in a round).
      if (online.has(person.userId) || inQuietHours(mine, at)) {
        await setPending(db, person.userId, at);
        continue;
      }
      try {
        await this.digestFor(person, mine.timeZone, at, cutoff);
      } catch (error) {
        this.deps.log.error({ err: error, userId: person.userId }, 'resumo por e-mail: falha ao enviar');
      }
    }
  }

  /** Marks and digests older than this are due. */
  private cutoff(at: Date): Date {
    return new Date(at.getTime() - this.deps.delaySeconds * 1000);
  }

  private async digestFor(person: DueDigest, timeZone: string, at: Date, cutoff: Date): Promise<void> {
    const { db, mailer } = this.deps;
    const found = await digestItems(db, person.userId, person.digestedSeq);
    if (!found) return this.settle(person.userId, person.digestedSeq, () => clearPending(db, person.userId));
    // What made them pending was seen; what is left is newer than the delay: its own time counts.
    if (found.oldestAt > cutoff) return setPending(db, person.userId, found.oldestAt);
    const claim = { userId: person.userId, fromSeq: person.digestedSeq, topSeq: found.topSeq, now: at, cutoff };
    if (!(await claimDigest(db, claim))) return;
    try {
      await mailer.send(await this.compose(person, found, timeZone));
    } catch (error) {
      await releaseDigest(db, { ...claim, lastSentAt: person.lastSentAt, pendingSince: person.pendingSince });
      throw error;
    }
    await this.settle(person.userId, found.topSeq, () => Promise.resolve());
  }

  /**
   * After the pending mark was cleared (or taken with a digest): a message stored meanwhile found
   * the mark still set and left it so; it is looked for once the mark is gone, and sets it again.
   */
  private async settle(userId: string, afterSeq: number, clear: () => Promise<void>): Promise<void> {
    await clear();
    const left = await digestItems(this.deps.db, userId, afterSeq);
    if (left) await setPending(this.deps.db, userId, left.oldestAt);
  }

  private async compose(person: DueDigest, found: DigestItems, timeZone: string) {
    const { appUrl, tokens } = this.deps;
    const chats = new Map<string, DigestChat>();
    // Newest first: the chats in the order of their last message, each chat's previews oldest first.
    for (const item of [...found.items].reverse()) {
      const chat = chats.get(item.chatId) ?? {
        name: item.chatName,
        isGroup: item.isGroup,
        count: item.chatTotal,
        previews: [],
        link: `${appUrl}${chatPath(item.chatId, item.isGroup)}`,
      };
      chat.previews.unshift({
        authorName: item.authorName,
        at: item.createdAt,
        content: { type: item.contentType, body: item.body, caption: item.caption, fileName: item.fileName, durationMs: item.durationMs },
      });
      chats.set(item.chatId, chat);
    }
    return digestMail({
      to: person.email,
      name: person.name,
      chats: [...chats.values()],
      names: await this.mentionedNames(found),
      timeZone,
      openLink: `${appUrl}/auth/conversations`,
      unsubscribeLink: `${appUrl}/api/email-digest/unsubscribe?token=${encodeURIComponent(tokens.sign(person.userId))}`,
    });
  }

  private async mentionedNames(found: DigestItems): Promise<Map<string, string>> {
    const ids = new Set<string>();
    for (const item of found.items) for (const m of item.body.matchAll(MENTION_TOKEN_PATTERN)) ids.add(m[1]!.toLowerCase());
    ids.delete(MENTION_ALL);
    if (ids.size === 0) return new Map();
    const rows = await this.deps.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, [...ids]));
    return new Map(rows.map((row) => [row.id.toLowerCase(), row.name]));
  }
}
