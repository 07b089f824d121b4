import type { Redis } from 'ioredis';
import { RECENT_EVENTS_RETENTION_MS, type SharedMarks } from './recent-events';

/**
 * RecentEvents' record shared by the processes, under `<REDIS_KEY_PREFIX>:recent`: one key per
 * user or workspace holding the time it was last sent something, kept for the record's retention,
 * and `since`, the first time written since this Redis has held the record (a Redis restarted
 * empty starts it again, and pages that loaded before then are told to catch up).
 */
export class RedisRecentMarks implements SharedMarks {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly onError: (error: Error) => void,
  ) {}

  private key(name: string): string {
    return `${this.prefix}:recent:${name}`;
  }

  /** The record holds what is sent from now on (kept if another process started it earlier). */
  async start(at: number): Promise<this> {
    await this.redis.set(this.key('since'), String(at), 'NX');
    return this;
  }

  write(keys: readonly string[], at: number): void {
    const pipeline = this.redis.pipeline();
    pipeline.set(this.key('since'), String(at), 'NX');
    for (const name of keys) pipeline.set(this.key(name), String(at), 'PX', RECENT_EVENTS_RETENTION_MS);
    pipeline.exec().catch((error: unknown) => this.onError(error as Error));
  }

  async read(keys: readonly string[]): Promise<{ since: number | null; marks: Array<number | null> }> {
    const [since, ...marks] = await this.redis.mget(this.key('since'), ...keys.map((name) => this.key(name)));
    const number = (value: string | null | undefined) => (value ? Number(value) : null);
    return { since: number(since), marks: marks.map(number) };
  }
}
