import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { FIRST_CALLS, LIMITS, SOCKET_NAMESPACE, SOCKET_RECONNECTION } from '@chat/contracts';
import { request } from '../load/http-post';
import { inPool } from '../load/pool';
import { type FromWatcher, type Heard, type OpenResult, type Person, SEND_MARK, type ToWatcher } from './protocol';

// A client process of the big-team harness: one real socket.io-client socket per member of its
// slice, doing what the chat page does with the big group open. Run by run.ts, never alone.

const CONNECT_CONCURRENCY = 50;
/** How long a member's read may take to be confirmed (its own `message:receipt`) before it counts as unconfirmed. */
const READ_CONFIRM_MS = 120_000;
/** GET /group/list calls in flight at once when checking what is still unread. */
const CHECK_CONCURRENCY = 20;
/** How long `keep` waits for the sockets it keeps to be connected (back from a drop). */
const KEEP_WAIT_MS = 120_000;
/** As the chat page: at most one read of the open group per member in this long, the newest shown. */
const READ_WINDOW_MS = 1000;

interface GroupMessage {
  id: string;
  authorId: string;
  groupId?: string | null;
  content?: { body?: string };
}

const now = () => performance.timeOrigin + performance.now();
const reply = (message: FromWatcher) => process.send!(message);

let url = '';
let groupId = '';
let people: Person[] = [];
let sockets: Socket[] = [];
let looking = false;
let heard: Heard = { deliver: [], groupUpdatedBytes: [], drops: 0 };
/** Per socket: resolves its read's confirmation (set while an `open` waits for it). */
const confirmations = new Map<string, () => void>();
/** Per member who opened the group: the newest message its read covered, read again after a drop as the page does. */
const readUpTo = new Map<string, string>();

function open(index: number): Promise<void> {
  const person = people[index]!;
  const socket = connect(`${url}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    auth: { token: person.token },
    query: { id: person.id, name: person.name },
    ...SOCKET_RECONNECTION,
    // The page starts another round of attempts after socket.io's last (socket-connection.ts):
    // it never gives up, and neither do these.
    reconnectionAttempts: Infinity,
    forceNew: true,
    timeout: 180_000,
  });
  sockets[index] = socket;
  let dropped = false;
  // The page's read coalescing: a read after a quiet spell goes at once, the ones within the window
  // after it go as one (the newest message shown) when the window ends.
  let lastReadAt = -Infinity;
  let waitingRead: string | null = null;
  const sendRead = () => {
    if (waitingRead === null) return;
    socket.emit('group:read', { groupId, lastMessageId: waitingRead });
    waitingRead = null;
    lastReadAt = now();
  };
  const readShown = (messageId: string) => {
    const idle = waitingRead === null;
    waitingRead = messageId;
    if (!idle) return;
    const wait = lastReadAt + READ_WINDOW_MS - now();
    if (wait <= 0) sendRead();
    else setTimeout(sendRead, wait);
  };
  socket.on('message', (m: GroupMessage) => {
    const body = m.content?.body ?? '';
    if (body.startsWith(SEND_MARK)) heard.deliver.push(now() - Number(body.slice(SEND_MARK.length + 1).split(' ')[0]));
    // As the open chat page (useReadShown): a newer message of others on screen is read at once.
    if (looking && m.groupId === groupId && m.authorId !== person.id) readShown(m.id);
  });
  socket.on('group::updated', (g: unknown) => heard.groupUpdatedBytes.push(Buffer.byteLength(JSON.stringify(g))));
  // The reader's own tabs hear their read: `userIds` names them (`userId` before receipts were gathered).
  socket.on('message:receipt', (r: { groupId: string; userIds?: string[]; userId?: string }) => {
    if (r.groupId === groupId && (r.userIds?.includes(person.id) || r.userId === person.id)) confirmations.get(person.id)?.();
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return;
    heard.drops++;
    dropped = true;
  });
  socket.on('connect', () => {
    if (!dropped) return;
    dropped = false;
    // As the page after an outage (useReadShown on 'socket:reconnected'): the open chat is read again.
    const newest = readUpTo.get(person.id);
    if (newest) socket.emit('group:read', { groupId, lastMessageId: newest });
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** `promise`'s value, or null when it fails or takes longer than `ms` (a stuck server must not hang the run). */
function within<T>(ms: number, promise: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  return Promise.race([promise.catch(() => null), late]).finally(() => clearTimeout(timer));
}

const auth = (p: Person) => ({ authorization: `Bearer ${p.token}` });

/** The chat page opening the group: its newest history page, then the read of what it shows. */
async function openGroup(index: number, result: OpenResult): Promise<void> {
  const person = people[index]!;
  const page = await within(
    READ_CONFIRM_MS,
    request('GET', `${url}/api/message/get-messages-by-group?groupId=${groupId}&limit=${LIMITS.historyPageSize}`, auth(person)),
  );
  result.pageAt[index] = now();
  if (page?.status !== 200) {
    result.httpErrors++;
    result.doneAt[index] = now();
    return;
  }
  const { messages } = JSON.parse(page.body) as { messages: GroupMessage[] };
  const newest = messages.filter((m) => m.authorId !== person.id).at(-1);
  if (!newest) {
    result.doneAt[index] = now();
    return;
  }
  const confirmed = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), READ_CONFIRM_MS);
    confirmations.set(person.id, () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  readUpTo.set(person.id, newest.id);
  sockets[index]!.emit('group:read', { groupId, lastMessageId: newest.id });
  if (!(await confirmed)) result.unconfirmed++;
  confirmations.delete(person.id);
  result.doneAt[index] = now();
}

/** Members whose list still counts unread messages in the big group (or that could not ask). */
async function checkUnread(): Promise<{ notZero: number; failed: number }> {
  const counts = { notZero: 0, failed: 0 };
  await inPool(people.length, CHECK_CONCURRENCY, async (i) => {
    const answer = await within(READ_CONFIRM_MS, request('GET', `${url}/api${FIRST_CALLS.groups}`, auth(people[i]!)));
    if (answer?.status !== 200) {
      counts.failed++;
      return;
    }
    const list = JSON.parse(answer.body) as Array<{ id: string; unreadMessages?: number }>;
    if ((list.find((g) => g.id === groupId)?.unreadMessages ?? 0) !== 0) counts.notZero++;
  });
  return counts;
}

process.on('message', (message: ToWatcher) => {
  void (async () => {
    if (message.type === 'connect') {
      ({ url, groupId, people } = message);
      sockets = [];
      await inPool(people.length, CONNECT_CONCURRENCY, open);
      reply({ type: 'connected', count: sockets.length });
    }
    if (message.type === 'keep') {
      for (const s of sockets.slice(message.count)) s.disconnect();
      sockets = sockets.slice(0, message.count);
      people = people.slice(0, message.count);
      const until = now() + KEEP_WAIT_MS;
      while (now() < until && !sockets.every((s) => s.connected)) await new Promise((r) => setTimeout(r, 100));
      reply({ type: 'kept', connected: sockets.filter((s) => s.connected).length });
    }
    if (message.type === 'look') {
      looking = message.on;
      reply({ type: 'looking' });
    }
    if (message.type === 'open') {
      const result: OpenResult = { doneAt: [], pageAt: [], unconfirmed: 0, httpErrors: 0 };
      await Promise.all(people.map((_, i) => openGroup(i, result)));
      reply({ type: 'opened', result });
    }
    if (message.type === 'unread') reply({ type: 'unread', ...(await checkUnread()) });
    if (message.type === 'count') reply({ type: 'counted', deliveries: heard.deliver.length });
    if (message.type === 'report') {
      reply({ type: 'heard', heard });
      heard = { deliver: [], groupUpdatedBytes: [], drops: 0 };
    }
    if (message.type === 'finish') {
      for (const s of sockets) s.disconnect();
      process.exit(0);
    }
  })().catch((error: unknown) => {
    console.error('cliente do benchmark de equipes grandes falhou:', error);
    process.exit(1);
  });
});
process.on('disconnect', () => process.exit(0));
