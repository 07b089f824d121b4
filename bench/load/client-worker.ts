import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { io as connect, type Socket } from 'socket.io-client';
import {
  FIRST_CALLS,
  LIMITS,
  OUTBOX_RETRY,
  REMOTE_FIRST_CALLS,
  SOCKET_NAMESPACE,
  SOCKET_RECONNECTION,
  type ServerDraining,
} from '@chat/contracts';
import { readRunQueueWaitMs } from '../measure';
import { request } from './http-post';
import { inPool } from './pool';
import { type FromWorker, SENT_AT_HEADER, type ToWorker, type WorkerResult, type WorkerTask } from './protocol';

// A client process of the load harness: one real socket.io-client socket per member of its slice
// (pairs stay in one process, so send and receipt are timed on one clock), posts over HTTP and
// counts what each socket receives. Run by run.ts, never alone.

const CONNECT_CONCURRENCY = 50;
const RETRY_MS = 200;
const CONNECT_TIMEOUT_MS = 180_000;

interface Tracked {
  sender: number;
  scheduledAt: number;
  /** When the first attempt was written (NaN until then). */
  issuedAt: number;
  measure: boolean;
  accepted: boolean;
  /** The message id the partner's and the sender's sockets heard first (undefined until then). */
  peerSeen: string | undefined;
  ownSeen: string | undefined;
  caught: number;
}

const now = () => performance.timeOrigin + performance.now();
const reply = (message: FromWorker) => process.send!(message);

let task: WorkerTask;
const sockets: Socket[] = [];
const tracked = new Map<string, Tracked>();
const result: WorkerResult = {
  deliver: [],
  answer: [],
  issueLag: [],
  deliverFromIssue: [],
  accepted: 0,
  lost: 0,
  duplicated: 0,
  caughtUp: 0,
  httpErrors: 0,
  failedAttempts: 0,
  failedBy: {},
  lostAt: [],
  startedAt: 0,
  endedAt: 0,
  backAt: [],
  notBack: 0,
  cpuMicros: 0,
  loopDelayP99Ms: 0,
  runQueueWaitMs: null,
};
/** Per socket: when it last connected after a drop (null until then), and whether its catch-up after that connect is done. */
const lastBackAt: Array<number | null> = [];
const caughtUpSince: boolean[] = [];
let firstDropAt: number | null = null;

/**
 * A message heard again with the same id (a retry answered from storage is announced again) is
 * merged by the page: shown once. A duplicate is another id for the same clientId.
 */
function onMessage(receiver: number, message: { id: string; clientId?: string | null }) {
  const t = tracked.get(message.clientId ?? '');
  if (!t) return;
  if (receiver === t.sender) {
    if (t.ownSeen === undefined) t.ownSeen = message.id;
    else if (t.ownSeen !== message.id) result.duplicated++;
    return;
  }
  if (t.peerSeen !== undefined) {
    if (t.peerSeen !== message.id) result.duplicated++;
    return;
  }
  t.peerSeen = message.id;
  if (t.measure) {
    const at = now();
    result.deliver.push(at - t.scheduledAt);
    result.deliverFromIssue.push(at - t.issuedAt);
  }
}

function openSocket(index: number): Promise<void> {
  const member = task.members[index]!;
  const socket = connect(`${task.socketUrls[index]}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    auth: { token: member.token },
    query: { id: member.id, name: member.name },
    ...SOCKET_RECONNECTION,
    reconnection: task.reconnect,
    forceNew: true,
    // socket.io-client gives up on a handshake after 20 s; with thousands connecting at once on a
    // busy machine (each connect announced to the whole workspace) the first ones take longer.
    timeout: CONNECT_TIMEOUT_MS,
  });
  sockets[index] = socket;
  socket.on('message', (m: { id: string; clientId?: string | null }) => onMessage(index, m));
  let dropped = false;
  // As the shell does (socket-connection.ts): connect after `delay` and a random part of it, unless
  // the socket is back by then. Pages have 'online' and 'visibilitychange' too; these sockets have
  // neither (always online, never hidden), so only the timed retries are mirrored.
  const { reconnectionDelay, reconnectionDelayMax, randomizationFactor } = SOCKET_RECONNECTION;
  let retry: NodeJS.Timeout | null = null;
  const connectLater = (delay: number) => {
    if (retry !== null) clearTimeout(retry);
    retry = setTimeout(
      () => {
        retry = null;
        if (!socket.connected) socket.connect();
      },
      delay * (1 + Math.random() * randomizationFactor),
    );
  };
  socket.on('disconnect', (reason) => {
    dropped = true;
    firstDropAt ??= now();
    lastBackAt[index] = null;
    caughtUpSince[index] = false;
    // socket.io never retries a server-side disconnect (an expired token; a restart cuts the
    // transport instead, which socket.io retries by itself): the page connects again after the
    // reconnection delay, and socket.io's back-off takes over from there.
    if (task.reconnect && reason === 'io server disconnect') connectLater(reconnectionDelay);
  });
  // As the shell: a draining process's socket leaves at a random moment of the window it was
  // given and connects again at once, through the balancer to another process.
  socket.on('server:draining', ({ reconnectWithinMs }: ServerDraining) => {
    if (!task.reconnect) return;
    setTimeout(() => {
      if (!socket.connected) return;
      socket.disconnect();
      socket.connect();
    }, Math.random() * reconnectWithinMs);
  });
  // socket.io stops after its 5 attempts; the page starts another round after the longest delay.
  socket.io.on('reconnect_failed', () => {
    if (task.reconnect) connectLater(reconnectionDelayMax);
  });
  // A refused handshake is not retried by socket.io: the page renews its session and connects
  // again (socket-connection.ts); these tokens outlive the run, so only the connect is mirrored.
  socket.on('connect_error', () => {
    if (task.reconnect && !socket.active) connectLater(reconnectionDelay);
  });
  socket.on('connect', () => {
    // As a page with this chat open does, on every connect: asks about the peer, and so hears
    // the peer's presence changes from then on (userStatus goes only to those who asked).
    if (task.kind === 'product') socket.emit('checkUserStatus', { userId: member.peerId });
    if (!dropped) return;
    dropped = false;
    lastBackAt[index] = now();
    caughtUpSince[index] = false;
    const connection = socket.id;
    void catchUp(index).then((done) => {
      // Counts only if the socket is still on the connection this catch-up followed.
      if (done && socket.connected && socket.id === connection) caughtUpSince[index] = true;
    });
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/**
 * What a page with this conversation open asks after a reconnect ('socket:reconnected'): the chat
 * list's two lists and the own user (REMOTE_FIRST_CALLS + FIRST_CALLS.me, asked together by the
 * shell's catch-up) and the open chat's newest page (use-messages, LIMITS.historyPageSize), all at
 * once. The page counts toward the catch-up; the others only load the server as the page does.
 * True once every answer came.
 */
async function catchUp(index: number): Promise<boolean> {
  const member = task.members[index]!;
  const api = `${task.postUrls[index]}/api`;
  const page = `${api}/message/get-messages-by-conversation?conversationId=${member.conversationId}&limit=${LIMITS.historyPageSize}`;
  const others = [...REMOTE_FIRST_CALLS.chat!, FIRST_CALLS.me].map((path) => `${api}${path}`);
  const answers = await Promise.all([page, ...others].map((url) => readWithRetries(url, member.token)));
  if (answers.some((body) => body === null)) return false;
  const { messages } = JSON.parse(answers[0]!) as { messages: Array<{ clientId: string | null }> };
  for (const m of messages) {
    const t = tracked.get(m.clientId ?? '');
    if (!t) continue;
    const own = t.sender === index;
    const seen = own ? t.ownSeen : t.peerSeen;
    if (seen === undefined && !(t.caught & (own ? 1 : 2))) {
      t.caught |= own ? 1 : 2;
      result.caughtUp++;
    }
  }
  return true;
}

/** The body of a 200 answer, asked again (up to 10 times) while the server is not there yet; null if it never came. */
async function readWithRetries(url: string, token: string): Promise<string | null> {
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      const answer = await request('GET', url, { authorization: `Bearer ${token}` });
      if (answer.status === 200) return answer.body;
    } catch {
      // Not listening yet, or cut by the restart: asked again below.
    }
    await sleep(RETRY_MS);
  }
  return null;
}

async function sendOne(sender: number, scheduledAt: number, measure: boolean): Promise<void> {
  const member = task.members[sender]!;
  const clientId = randomUUID();
  const t: Tracked = {
    sender,
    scheduledAt,
    issuedAt: Number.NaN,
    measure,
    accepted: false,
    peerSeen: undefined,
    ownSeen: undefined,
    caught: 0,
  };
  tracked.set(clientId, t);
  const content = { type: 'text', body: `carga ${clientId.slice(0, 8)}` };
  const body = JSON.stringify(
    task.kind === 'bare'
      ? { authorId: member.id, peerId: member.peerId, conversationId: member.conversationId, isGroup: false, content, clientId }
      : { conversationId: member.conversationId, isGroup: false, content, clientId },
  );
  const authorization = `Bearer ${member.token}`;
  // A retry sends the same clientId: the server's idempotency must turn it into one message. As
  // the page's outbox retries (OutboxRunner): when the sender's socket connects again, or after
  // OUTBOX_RETRY's delay, doubling. (Not a short fixed interval: during a restart's downtime,
  // thousands of refused connections would take the client processes' CPU from the new server.)
  let delay: number = OUTBOX_RETRY.delayMs;
  while (now() - scheduledAt < task.reconnectWaitMs) {
    const issuedAt = now();
    if (Number.isNaN(t.issuedAt)) {
      t.issuedAt = issuedAt;
      if (measure) result.issueLag.push(issuedAt - scheduledAt);
    }
    try {
      const headers = { authorization, [SENT_AT_HEADER]: String(issuedAt) };
      const answer = await request('POST', `${task.postUrls[sender]}/api/message/send`, headers, body);
      if (answer.status === 200) {
        t.accepted = true;
        if (measure) {
          result.accepted++;
          result.answer.push(now() - scheduledAt);
        }
        return;
      }
      if (measure) failed(String(answer.status));
      if (!task.reconnect || answer.status < 500) break;
    } catch {
      if (measure) failed('rede');
      if (!task.reconnect) break;
    }
    await connectedOrAfter(sender, delay);
    delay = Math.min(delay * 2, OUTBOX_RETRY.maxDelayMs);
  }
  if (measure) result.httpErrors++;
}

function failed(answer: string): void {
  result.failedAttempts++;
  (result.failedBy[answer] ??= []).push(now());
}

/** Resolves when this member's socket connects again, or after `ms`. */
function connectedOrAfter(index: number, ms: number): Promise<void> {
  const socket = sockets[index]!;
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      socket.off('connect', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    socket.on('connect', done);
  });
}

async function closedLoop(messages: number, measure: boolean): Promise<void> {
  await Promise.all(
    task.members.map(async (_, i) => {
      for (let k = 0; k < messages; k++) await sendOne(i, now(), measure);
    }),
  );
}

/** Sends at `rate` per second whatever the answers do; latency counts from the scheduled time. */
async function openLoop(): Promise<void> {
  const total = Math.round(task.rate * task.durationS);
  const interval = 1000 / task.rate;
  const pending: Promise<void>[] = [];
  const start = now();
  let issued = 0;
  while (issued < total) {
    const due = Math.min(total, Math.floor((now() - start) / interval) + 1);
    for (; issued < due; issued++) pending.push(sendOne(issued % task.members.length, start + issued * interval, true));
    await sleep(Math.max(1, Math.min(20, start + issued * interval - now())));
  }
  await Promise.all(pending);
}

/**
 * After a restart: waits until every socket that dropped is connected again and has done its
 * catch-up, for at most task.reconnectWaitMs from the first drop seen here. Before this, the
 * messages of a socket that was back late were counted as lost although its catch-up brings them,
 * and a socket back after the drain was never counted as back.
 */
async function waitAllBack(): Promise<void> {
  const until = (firstDropAt ?? now()) + task.reconnectWaitMs;
  const back = (i: number) => sockets[i]!.connected && (lastBackAt[i] === undefined || caughtUpSince[i] === true);
  while (now() < until && !sockets.every((_, i) => back(i))) await sleep(100);
  // Sockets that never dropped have no entry; those that did and are not back have null.
  for (const at of lastBackAt) {
    if (at === undefined) continue;
    if (at === null) result.notBack++;
    else result.backAt.push(at);
  }
}

/** Whether member `index` has no socket (--push: away from the app). Pairs are adjacent: a member's peer is index ^ 1. */
const isAway = (index: number) => task.away?.[index] === true;

const settled = (t: Tracked) =>
  !t.accepted ||
  ((t.peerSeen !== undefined || t.caught & 2 || isAway(t.sender ^ 1)) && (t.ownSeen !== undefined || t.caught & 1 || isAway(t.sender)));

async function drain(): Promise<void> {
  const until = now() + task.drainMs;
  while (now() < until && ![...tracked.values()].every(settled)) await sleep(50);
  for (const t of tracked.values()) {
    if (!t.measure || settled(t)) continue;
    result.lost++;
    result.lostAt.push(t.scheduledAt);
  }
}

async function connectAll(): Promise<void> {
  await inPool(task.members.length, CONNECT_CONCURRENCY, (index) => (isAway(index) ? Promise.resolve() : openSocket(index)));
}

process.on('message', (message: ToWorker) => {
  if (message.type === 'task') {
    task = message.task;
    void (async () => {
      await connectAll();
      reply({ type: 'connected', count: sockets.filter(Boolean).length });
    })().catch(fail);
  }
  // Only when asked: the harness reads the server's CPU for the connection wave before the warm-up.
  if (message.type === 'warm') {
    void (async () => {
      await closedLoop(task.warmup, false);
      reply({ type: 'warm' });
    })().catch(fail);
  }
  if (message.type === 'go') {
    void (async () => {
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const cpu = process.cpuUsage();
      const waitedBefore = readRunQueueWaitMs();
      result.startedAt = now();
      await (task.mode === 'closed' ? closedLoop(task.messages, true) : openLoop());
      result.endedAt = now();
      if (task.reconnect) await waitAllBack();
      await drain();
      const used = process.cpuUsage(cpu);
      result.cpuMicros = used.user + used.system;
      const waitedAfter = readRunQueueWaitMs();
      result.runQueueWaitMs = waitedBefore === null || waitedAfter === null ? null : waitedAfter - waitedBefore;
      result.loopDelayP99Ms = loop.percentile(99) / 1e6;
      loop.disable();
      reply({ type: 'result', result });
    })().catch(fail);
  }
  if (message.type === 'finish') {
    for (const s of sockets) s?.disconnect();
    process.exit(0);
  }
});

function fail(error: unknown): never {
  console.error('cliente de carga falhou:', error);
  process.exit(1);
}
