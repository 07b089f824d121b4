import { gt } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import * as z from 'zod/mini';
import { SESSION_REVOKED_REASONS } from '@chat/contracts';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { connectRedis } from '../../lib/redis';
import { ACCESS_TOKEN_TTL_SECONDS } from './access-token';

export type RevocationReason = (typeof SESSION_REVOKED_REASONS)[number];
/** Called on every process for the sessions that ended (realtime.ts closes their sockets). */
export type SessionsEndedListener = (sessionIds: readonly string[], reason: RevocationReason) => void;

/**
 * How long an ended session is remembered: an access token signed for it before it ended (a
 * renewal that committed just before) lives at most its TTL; the minute covers that renewal's
 * signing and clocks a little apart between processes.
 */
const HELD_MS = (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000;
/**
 * With several processes, each also reads the sessions ended lately from the database this often:
 * an announcement lost while Redis was unreachable is made good within this time.
 */
export const RECONCILE_MS = 5_000;
/** Each reconciliation looks back this far: a revocation commits a moment after its timestamp. */
const RECONCILE_OVERLAP_MS = 30_000;

const announcementSchema = z.object({ ids: z.array(z.string()), reason: z.enum(SESSION_REVOKED_REASONS) });

/**
 * The sessions ended lately, kept in memory on every process so that authentication (the send
 * path included) asks no query: an access token whose `sid` is here is refused.
 *
 * Correct because (1) an ended session is held until every access token it could have carried
 * has expired, and no new token is signed for it (its refresh tokens are revoked in the same
 * transaction); (2) a process loads the sessions ended within that time when it starts; (3) the
 * process that ends a session adds it here before it answers, and announces it on Redis pub/sub to
 * every other process of the deployment; (4) an announcement lost to a Redis outage is made good
 * by the reconciliation read every RECONCILE_MS, so a process is at most that late.
 */
export class RevokedSessions {
  /** Session id -> why it ended, and when it may be forgotten (ms since the epoch). */
  private readonly ended = new Map<string, { reason: RevocationReason; until: number }>();
  private readonly listeners = new Set<SessionsEndedListener>();
  private timer: NodeJS.Timeout | null = null;
  private lastReconciled = 0;

  private constructor(
    private readonly db: Db,
    private readonly redis: { pub: Redis; sub: Redis; channel: string } | null,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Loaded from the database; with REDIS_URL, subscribed to the deployment's announcements. */
  static async start(deps: {
    db: Db;
    redisUrl: string | null;
    keyPrefix: string;
    onError: (error: unknown) => void;
  }): Promise<RevokedSessions> {
    const { db, redisUrl, keyPrefix, onError } = deps;
    let redis: { pub: Redis; sub: Redis; channel: string } | null = null;
    if (redisUrl) {
      const pub = await connectRedis(redisUrl, onError);
      const sub = await connectRedis(redisUrl, onError).catch((error: unknown) => {
        pub.disconnect();
        throw error;
      });
      redis = { pub, sub, channel: `${keyPrefix}:sessions-revoked` };
    }
    const revoked = new RevokedSessions(db, redis, onError);
    await revoked.reconcile();
    if (redis) {
      redis.sub.on('message', (channel: string, message: string) => {
        if (channel === redis.channel) revoked.received(message);
      });
      await redis.sub.subscribe(redis.channel);
      revoked.timer = setInterval(() => void revoked.reconcile().catch(onError), RECONCILE_MS);
      revoked.timer.unref();
    }
    return revoked;
  }

  /** Why this session ended (its tokens are refused), or null while it has not. */
  revocation(sessionId: string): RevocationReason | null {
    const ended = this.ended.get(sessionId);
    if (ended === undefined) return null;
    if (ended.until > Date.now()) return ended.reason;
    this.ended.delete(sessionId);
    return null;
  }

  isRevoked(sessionId: string): boolean {
    return this.revocation(sessionId) !== null;
  }

  onEnded(listener: SessionsEndedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sessions ended by this process, once committed: refused here at once, and on the other
   * processes as soon as they hear it (or reconcile). Resolves once Redis has passed the
   * announcement to every subscribed process, so that the answer which follows is not ahead of
   * it; a failed publish is only logged (the reconciliation makes it good).
   */
  async announce(sessionIds: readonly string[], reason: RevocationReason = 'ended'): Promise<void> {
    if (sessionIds.length === 0) return;
    this.apply(sessionIds, reason);
    if (!this.redis) return;
    await this.redis.pub.publish(this.redis.channel, JSON.stringify({ ids: sessionIds, reason })).catch(this.onError);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (!this.redis) return;
    await Promise.allSettled([this.redis.sub.quit(), this.redis.pub.quit()]);
  }

  /** Adds what the database has ended since the last look (all that matters at the first one). */
  private async reconcile(): Promise<void> {
    const startedAt = Date.now();
    const since = this.lastReconciled === 0 ? startedAt - HELD_MS : this.lastReconciled - RECONCILE_OVERLAP_MS;
    const rows = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(gt(sessions.revokedAt, new Date(since)));
    this.lastReconciled = startedAt;
    const unseen = rows.map((row) => row.id).filter((id) => !this.ended.has(id));
    if (unseen.length > 0) this.apply(unseen, 'ended');
  }

  private received(message: string): void {
    let parsed: z.infer<typeof announcementSchema>;
    try {
      parsed = announcementSchema.parse(JSON.parse(message));
    } catch (error) {
      this.onError(error);
      return;
    }
    // This process's own announcements come back too: they were applied when made.
    const unseen = parsed.ids.filter((id) => !this.ended.has(id));
    if (unseen.length > 0) this.apply(unseen, parsed.reason);
  }

  private apply(sessionIds: readonly string[], reason: RevocationReason): void {
    const until = Date.now() + HELD_MS;
    for (const id of sessionIds) this.ended.set(id, { reason, until });
    this.forgetExpired();
    for (const listener of this.listeners) listener(sessionIds, reason);
  }

  private forgetExpired(): void {
    const now = Date.now();
    for (const [id, ended] of this.ended) if (ended.until <= now) this.ended.delete(id);
  }
}
