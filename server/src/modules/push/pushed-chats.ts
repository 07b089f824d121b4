import type { Redis } from 'ioredis';
import { BoundedMap } from '../../lib/bounded-map';

/**
 * Which chats have a notification on someone's devices: reading one of them on any device sends
 * a `read` push that closes it on the others. Kept in Redis when processes share one (the read
 * may reach another process than the push), else in this process. Only a read of such a chat costs
 * a push; every other read costs one lookup here.
 */
export interface PushedChats {
  /** Notes the chats pushed to each person (by user id), in one round trip. */
  mark(chatsByUser: ReadonlyMap<string, ReadonlySet<string>>): Promise<void>;
  /** True once per push: when the chat was marked for this user (and forgets it). */
  take(userId: string, chatId: string): Promise<boolean>;
}

/** How long a mark is kept: a notification left unread longer than this stays open. */
const KEPT_SECONDS = 7 * 24 * 60 * 60;
const REMEMBERED_USERS = 50_000;

export class MemoryPushedChats implements PushedChats {
  private readonly marks = new BoundedMap<string, Set<string>>(REMEMBERED_USERS);

  mark(chatsByUser: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
    for (const [userId, chatIds] of chatsByUser) {
      const set = this.marks.get(userId) ?? new Set<string>();
      for (const id of chatIds) set.add(id);
      this.marks.set(userId, set);
    }
    return Promise.resolve();
  }

  take(userId: string, chatId: string): Promise<boolean> {
    return Promise.resolve(this.marks.get(userId)?.delete(chatId) ?? false);
  }
}

export class RedisPushedChats implements PushedChats {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async mark(chatsByUser: ReadonlyMap<string, ReadonlySet<string>>): Promise<void> {
    if (chatsByUser.size === 0) return;
    const transaction = this.redis.multi();
    for (const [userId, chatIds] of chatsByUser) {
      const key = this.key(userId);
      transaction.sadd(key, ...chatIds).expire(key, KEPT_SECONDS);
    }
    await transaction.exec();
  }

  async take(userId: string, chatId: string): Promise<boolean> {
    return (await this.redis.srem(this.key(userId), chatId)) === 1;
  }

  private key(userId: string) {
    return `${this.prefix}:push-chats:${userId}`;
  }
}
