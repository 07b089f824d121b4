import { createHash } from 'node:crypto';
import { tooManyRequests } from '../errors';
import type { CounterStore } from './counter-store';

export interface RateRule {
  max: number;
  windowMs: number;
}

export interface RateCheck {
  /** What is limited, e.g. 'signin:ip'. */
  name: string;
  /** Who is limited: an IP, an identifier, an e-mail. */
  subject: string;
  rule: RateRule;
}

/** Gives the attempts back, e.g. after a successful sign-in: only failures should count. */
export type Refund = () => Promise<void>;

/**
 * Fixed-window limits over several keys at once (per IP and per identifier). Every attempt is
 * counted before the work is done, so parallel requests cannot slip past the limit together.
 *
 * Why not @fastify/rate-limit (evaluated at v11): its stores can only count up
 * (`incr`, `read`), so the sign-in rule "count before checking the password, give it back on
 * success" cannot be said with it; counting only after a failure lets parallel guesses through,
 * and counting successes too locks out an office behind one NAT address. Reset and API-key limits
 * would fit it, but these counters stay for sign-in anyway, and a second set of counters in Redis
 * for them would add code and remove none.
 */
export class RateLimiter {
  constructor(private readonly store: CounterStore) {}

  /** Counts one attempt against every check; throws the 429 (with Retry-After) when one is over. */
  async consume(checks: readonly RateCheck[]): Promise<Refund> {
    const keys = checks.map((c) => keyOf(c));
    const counts = await Promise.all(checks.map((c, i) => this.store.increment(keys[i]!, c.rule.windowMs)));
    const exceeded = counts.filter((count, i) => count.count > checks[i]!.rule.max);
    if (exceeded.length > 0) throw tooManyRequests(Math.max(...exceeded.map((c) => c.resetInMs)) / 1000);
    return async () => {
      await Promise.all(keys.map((key) => this.store.decrement(key)));
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

// Subjects are hashed: they are user input of any length (and e-mails should not sit in Redis).
const keyOf = (check: RateCheck) =>
  `rl:${check.name}:${createHash('sha256').update(check.subject.trim().toLowerCase()).digest('base64url')}`;
