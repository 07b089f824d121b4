import { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import fastq from 'fastq';
import webpush, { type PushSubscription, type RequestOptions, WebPushError } from 'web-push';
import type { PushPayload } from '@chat/contracts';
import type { Db } from '../../db/client';
import { deleteSubscription, type StoredSubscription } from './push-subscriptions.repository';
import type { VapidKeys } from './vapid-keys';

/** Waits before each new attempt after a 429 or 5xx (or no answer at all). */
export const DEFAULT_PUSH_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000];
/** A Retry-After longer than this is not waited for: the notification would arrive too late to matter. */
const LONGEST_RETRY_AFTER_MS = 60_000;
/** How long a push service may stay silent before the attempt counts as failed. */
const REQUEST_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is off (seconds). */
const TIME_TO_LIVE_S = 24 * 60 * 60;
/**
 * A VAPID token (RFC 8292) may be used until it expires: one per push service, signed again an
 * hour before its end. Signing one for every push cost most of a push's CPU, taken from the
 * process's sends.
 */
const VAPID_TOKEN_S = 12 * 60 * 60;
const VAPID_RENEW_BEFORE_S = 60 * 60;
/**
 * Requests to push services in flight at once in this process, and connections kept open to each
 * push service. A burst (a large group's message, many sends at once) waits its turn instead of
 * opening a TLS connection per push, whose handshake costs several pushes' worth of CPU.
 */
export const PUSH_REQUESTS_IN_FLIGHT = 16;
/** Pushes waiting for their turn beyond which new ones are dropped (logged): memory stays bounded if a service stalls. */
const MOST_WAITING_PUSHES = 10_000;
/** How long a connection to a push service is kept open with nothing to send (ms). */
const IDLE_CONNECTION_MS = 60_000;

export type PushOutcome = 'sent' | 'gone' | 'failed' | 'dropped';

export interface PushSenderDeps {
  db: Db;
  keys: VapidKeys;
  log: FastifyBaseLogger;
  /** The certificate authority push services are checked against instead of Node's (tests: their own service's certificate). */
  ca?: string;
  retryDelaysMs?: readonly number[];
}

interface Attempt {
  subscription: PushSubscription;
  body: string;
  options: RequestOptions;
}

/**
 * Posts one encrypted payload to one subscription (RFC 8030, VAPID, aes128gcm) with web-push, at
 * most PUSH_REQUESTS_IN_FLIGHT at once over connections kept open to each push service.
 * 404 and 410 mean the browser dropped the subscription: it is removed. 429 and 5xx are retried
 * after a growing wait (or the service's Retry-After), which holds no turn; other refusals are
 * logged and dropped.
 */
export class PushSender {
  private readonly retryDelaysMs: readonly number[];
  private readonly stopping = new AbortController();
  /** The Authorization header per push service origin (the token's audience), with its expiry (epoch s). */
  private readonly vapidTokens = new Map<string, { authorization: string; expiresAt: number }>();
  /** Node's agent keeps one pool of connections per origin: here at most PUSH_REQUESTS_IN_FLIGHT each, kept open between bursts. */
  private readonly agent: Agent;
  private readonly attempts = fastq.promise(
    (attempt: Attempt) => webpush.sendNotification(attempt.subscription, attempt.body, attempt.options),
    PUSH_REQUESTS_IN_FLIGHT,
  );
  private lastDropWarning = 0;

  constructor(private readonly deps: PushSenderDeps) {
    this.retryDelaysMs = deps.retryDelaysMs ?? DEFAULT_PUSH_RETRY_DELAYS_MS;
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: PUSH_REQUESTS_IN_FLIGHT,
      maxFreeSockets: PUSH_REQUESTS_IN_FLIGHT,
      timeout: IDLE_CONNECTION_MS,
      ...(deps.ca ? { ca: deps.ca } : {}),
    });
  }

  async send(subscription: StoredSubscription, payload: PushPayload, urgency: 'high' | 'normal' = 'high'): Promise<PushOutcome> {
    if (this.attempts.length() >= MOST_WAITING_PUSHES) return this.drop();
    const body = JSON.stringify(payload);
    const target = { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } };
    for (let attempt = 0; ; attempt += 1) {
      if (this.stopping.signal.aborted) return 'failed';
      let retryAfterMs: number | null = null;
      try {
        await this.attempts.push({
          subscription: target,
          body,
          options: {
            // VAPID signed here (vapidAuthorization), so web-push adds no token of its own.
            headers: { Authorization: this.vapidAuthorization(subscription.endpoint) },
            TTL: TIME_TO_LIVE_S,
            urgency,
            // A newer push of the same chat replaces one the service still holds for an offline device.
            topic: topicOf(payload),
            timeout: REQUEST_TIMEOUT_MS,
            agent: this.agent,
          },
        });
        return 'sent';
      } catch (error) {
        const status = error instanceof WebPushError ? error.statusCode : null;
        if (status === 404 || status === 410) {
          await deleteSubscription(this.deps.db, subscription.id);
          return 'gone';
        }
        const retryable = status === null || status === 429 || status >= 500;
        if (!retryable || attempt >= this.retryDelaysMs.length) {
          this.deps.log.warn({ status, attempts: attempt + 1, host: hostOf(subscription.endpoint) }, 'push: serviço recusou a notificação');
          return 'failed';
        }
        if (error instanceof WebPushError) retryAfterMs = retryAfter(error.headers['retry-after']);
      }
      const wait = retryAfterMs ?? this.retryDelaysMs[attempt]!;
      if (wait > LONGEST_RETRY_AFTER_MS) return 'failed';
      await this.sleep(wait);
    }
  }

  private vapidAuthorization(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = Math.floor(Date.now() / 1000);
    const cached = this.vapidTokens.get(audience);
    if (cached && cached.expiresAt - now > VAPID_RENEW_BEFORE_S) return cached.authorization;
    const { subject, publicKey, privateKey } = this.deps.keys;
    const expiresAt = now + VAPID_TOKEN_S;
    const { Authorization } = webpush.getVapidHeaders(audience, subject, publicKey, privateKey, 'aes128gcm', expiresAt);
    this.vapidTokens.set(audience, { authorization: Authorization, expiresAt });
    return Authorization;
  }

  /** Pushes waiting for their turn, not counting those in flight. */
  get waiting(): number {
    return this.attempts.length();
  }

  /** Ends the waits between attempts (the server is closing): pending retries give up. */
  close(): void {
    this.stopping.abort();
  }

  /** Closes the connections kept open (once nothing is in flight any more). */
  destroy(): void {
    this.agent.destroy();
  }

  /** A push past the bound: dropped, and logged at most once a minute. */
  private drop(): PushOutcome {
    const now = Date.now();
    if (now - this.lastDropWarning >= 60_000) {
      this.lastDropWarning = now;
      this.deps.log.warn({ waiting: MOST_WAITING_PUSHES }, 'push: fila cheia, notificações descartadas');
    }
    return 'dropped';
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const signal = this.stopping.signal;
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done);
    });
  }
}

/** RFC 8030 topics are at most 32 base64url characters: the chat id without its dashes. */
const topicOf = (payload: PushPayload) => payload.chatId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return '?';
  }
};

/** Retry-After in seconds (the HTTP-date form is not used by push services). */
function retryAfter(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d+$/.test(value.trim())) return null;
  return Number(value) * 1000;
}
