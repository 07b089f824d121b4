import type { HistogramBucket } from '../measure';
import type { PgliteDurability } from '@chat/server/bench-api';

// Messages between the load harness (run.ts) and its child processes over Node's IPC channel.

/** One seeded member as a client needs it: who it is, its credentials and whom it talks to. */
export interface BenchMember {
  id: string;
  name: string;
  token: string;
  peerId: string;
  conversationId: string;
}

/** What a server child is told to be (in BENCH_SERVER on its environment, as JSON). */
export interface ServerConfig {
  /** 'floor': the bare pipeline storing each message (durable-floor.ts) in databaseUrl or dataDir. */
  kind: 'product' | 'bare' | 'floor';
  port: number;
  /** Product only. */
  databaseUrl?: string;
  redisUrl?: string;
  redisKeyPrefix?: string;
  dataDir?: string;
  jwtSecret?: string;
  /** PGlite (product and floor): whether each commit is fsynced (the server's DB_DURABILITY). */
  durability: PgliteDurability;
  /** Product: members to seed before answering `ready` (0 on a restart: they exist already). */
  seedMembers: number;
  /** Members per workspace when seeding (each connect and disconnect is announced to its whole workspace). */
  workspaceSize: number;
  /** Product with --push: Web Push to the harness's push service, the away members subscribed to it. */
  push?: ServerPush;
}

/** Web Push as a product child gets it: where the push service is, how to trust it, and the subscriptions to seed. */
export interface ServerPush {
  /** `127.0.0.1:<port>` (PUSH_ENDPOINT_HOSTS). */
  host: string;
  /** The service's certificate (PEM), trusted by the server's push requests. */
  certificate: string;
  vapid: { publicKey: string; privateKey: string };
  /** By member index: the subscription of that member's device (away members only). */
  subscriptions: Record<number, { endpoint: string; keys: { p256dh: string; auth: string } }>;
}

export interface ServerStats {
  rssBytes: number;
  heapUsedBytes: number;
  /** process.cpuUsage() user + system, microseconds since start. */
  cpuMicros: number;
  /** Event-loop delay since the last `resetLoop`, ms. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** readRunQueueWaitMs(): the event loop's wait for a core since the process started, ms (null off Linux). */
  runQueueWaitMs: number | null;
  /** Garbage collections since the last `resetLoop`: how many, their summed and longest duration, ms. */
  gc: { count: number; totalMs: number; maxMs: number };
  /**
   * The product's own send-path histogram (chat_message_send_duration_seconds, status 200, as
   * /api/metrics exposes it): cumulative count per upper bound (`le`, in seconds, '+Inf' last).
   * Absent for the bare pipeline and the floor.
   */
  sendBuckets?: HistogramBucket[];
  /**
   * Product only: sends since the last `resetLoop`, from the client writing the request (its
   * SENT_AT_HEADER) to this process reading it, p99 in ms: the time a request waits for a busy
   * event loop (and the loopback), which the send histogram above does not see.
   */
  readWaitP99Ms?: number;
}

/** The epoch ms (performance.timeOrigin-based, one clock for every process of this machine) a client wrote a send request. */
export const SENT_AT_HEADER = 'x-load-sent-at';

export type ToServer =
  | { type: 'stats'; gc: boolean }
  | { type: 'resetLoop' }
  /** With profileDir, a CPU profile started before (profileStart) covers app.close() and is sent back before exiting. */
  | { type: 'stop'; profileDir?: string; top?: number }
  | { type: 'profileStart' }
  | { type: 'profileStop'; dir: string; top: number };

/** The measured phase's CPU profile (--profile): where it was written and its top self-time functions. */
export interface ProfileTop {
  file: string;
  totalMs: number;
  functions: Array<{ name: string; where: string; selfMs: number; percent: number }>;
}

export type FromServer =
  | { type: 'ready'; port: number; members: BenchMember[]; seeded?: unknown }
  | { type: 'stats'; stats: ServerStats }
  | { type: 'profileStarted' }
  | { type: 'profile'; profile: ProfileTop };

export interface WorkerTask {
  kind: 'product' | 'bare';
  members: BenchMember[];
  /** Base URL of the server each member's socket uses, and of the one it posts to (index = member). */
  socketUrls: string[];
  postUrls: string[];
  /** Closed loop: each member sends `messages` one after another. Open loop: `rate` per second for `durationS`. */
  mode: 'closed' | 'open';
  messages: number;
  rate: number;
  durationS: number;
  warmup: number;
  /** Reconnect after a server restart and catch up through the history call. */
  reconnect: boolean;
  /**
   * --push: members (by index) with no socket, away from the app: they still send, and what is
   * sent to them is pushed (or not) and never expected on a socket.
   */
  away?: boolean[];
  /** After a restart, how long (from the first drop) to wait for every socket to be back and caught up before counting. */
  reconnectWaitMs: number;
  drainMs: number;
}

export interface WorkerResult {
  /** Send (scheduled time) -> the peer's socket received it, ms, for every message delivered on the socket. */
  deliver: number[];
  /** Send -> HTTP answer, ms. */
  answer: number[];
  /** Scheduled time -> the client writing the request (first attempt), ms: how late the busy client itself sends. */
  issueLag: number[];
  /** The client writing the request (first attempt) -> the peer's socket received it, ms: `deliver` without the client's lateness in sending. */
  deliverFromIssue: number[];
  accepted: number;
  /** Accepted but received neither on the socket nor in the catch-up, by the peer or by the sender's own tab. */
  lost: number;
  /** Receipts beyond the first, on any socket. */
  duplicated: number;
  /** Not on the socket, found by the history call after a reconnect. */
  caughtUp: number;
  httpErrors: number;
  /** Send attempts answered with anything but 200, or not answered (a network error), including those a retry then got through. */
  failedAttempts: number;
  /** The failed attempts by answer (the status, or 'rede' for a network error), with when each came (epoch ms). */
  failedBy: Record<string, number[]>;
  /** When each lost message was scheduled (epoch ms). */
  lostAt: number[];
  /** performance.timeOrigin-based ms, comparable across processes of this machine. */
  startedAt: number;
  endedAt: number;
  /** After a restart: when each socket that dropped last connected (epoch ms), for those back within the wait. */
  backAt: number[];
  /** Sockets that dropped and were not back (connected and caught up) when the wait ended. */
  notBack: number;
  /** This client process's CPU time (user + system) over the measured phase, microseconds. */
  cpuMicros: number;
  /** This client process's event-loop delay p99 over the measured phase, ms. */
  loopDelayP99Ms: number;
  /** Over the measured phase: this client process's event loop waiting for a core (readRunQueueWaitMs), ms; null off Linux. */
  runQueueWaitMs: number | null;
}

export type ToWorker = { type: 'task'; task: WorkerTask } | { type: 'warm' } | { type: 'go' } | { type: 'finish' };
export type FromWorker =
  { type: 'connected'; count: number } | { type: 'warm' } | { type: 'sent' } | { type: 'result'; result: WorkerResult };
