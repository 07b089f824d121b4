import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_NAMESPACE } from '@chat/contracts';
import type { TestUser } from './chat-helpers';

// Real socket.io clients for emit tests. "Nobody else heard it" is proven without sleeping: after
// the action the server sends a marker to every listener, and since socket.io keeps the order of
// one socket's events, an event that was going to arrive has arrived before the marker.

const MARKER = 'test:marker';

export interface Listener {
  /** The server (process) this socket is connected to. */
  app: FastifyInstance;
  user: TestUser;
  socket: Socket;
  /** Every event received, in order, markers excluded. */
  events: Array<{ event: string; payload: unknown }>;
  /** Payloads of one event name. */
  of(event: string): unknown[];
}

export async function listen(app: FastifyInstance, user: TestUser): Promise<Listener> {
  const { port } = app.server.address() as AddressInfo;
  const socket = connect(`http://127.0.0.1:${port}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    auth: { token: user.token },
    query: { id: user.id, name: user.name },
    reconnection: false,
    forceNew: true,
  });
  const events: Listener['events'] = [];
  socket.onAny((event: string, payload: unknown) => {
    if (event !== MARKER) events.push({ event, payload });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  // The server records presence just after the handshake: wait for it, so the user is online
  // (and announced) when this resolves.
  await app.ctx.presence.whenIdle();
  return { app, user, socket, events, of: (name) => events.filter((e) => e.event === name).map((e) => e.payload) };
}

/** Connects `l`'s socket again with `token`: resolves 'connected' or 'refused' (a refused handshake). */
export function reconnect(l: Listener, token: string): Promise<'connected' | 'refused'> {
  return new Promise((resolve) => {
    l.socket.auth = { token };
    l.socket.once('connect', () => resolve('connected'));
    l.socket.once('connect_error', () => resolve('refused'));
    l.socket.connect();
  });
}

/** Resolves once every listener has received everything emitted to it before this call. */
export async function settle(app: FastifyInstance, listeners: readonly Listener[]): Promise<void> {
  const id = randomUUID();
  const arrived = listeners.map(
    (l) =>
      new Promise<void>((resolve) => {
        const onMarker = (value: string) => {
          if (value !== id) return;
          l.socket.off(MARKER, onMarker);
          resolve();
        };
        l.socket.on(MARKER, onMarker);
      }),
  );
  app.io.of(SOCKET_NAMESPACE).emit(MARKER, id);
  await Promise.all(arrived);
}

/** Waits for the next `event` on a listener. */
export function nextEvent<T = unknown>(l: Listener, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${l.user.name} não recebeu ${event}`)), timeoutMs);
    l.socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** The first `event` received (already or from now on) whose payload satisfies `matches`. */
export function eventMatching<T = unknown>(l: Listener, event: string, matches: (payload: T) => boolean, timeoutMs = 5000): Promise<T> {
  const seen = l.of(event).find((p) => matches(p as T));
  if (seen !== undefined) return Promise.resolve(seen as T);
  return new Promise((resolve, reject) => {
    const onEvent = (payload: T) => {
      if (!matches(payload)) return;
      clearTimeout(timer);
      l.socket.off(event, onEvent);
      resolve(payload);
    };
    const timer = setTimeout(() => {
      l.socket.off(event, onEvent);
      reject(new Error(`${l.user.name} não recebeu ${event} esperado`));
    }, timeoutMs);
    l.socket.on(event, onEvent);
  });
}

/**
 * Has `l` watch `userId`'s presence, as a page does for the chat it opens: `checkUserStatus`, then
 * that user's `userStatus` changes reach `l`. Resolves with the answer.
 */
export function watchPresence(l: Listener, userId: string): Promise<{ userId: string; status: string }> {
  const answer = eventMatching<{ userId: string; status: string }>(l, 'userStatusResponse', (p) => p.userId === userId);
  l.socket.emit('checkUserStatus', { userId });
  return answer;
}

/**
 * Disconnects and waits until the server has let go of those sockets too (presence included), so
 * that the next test does not find them "online" (a client-side disconnect reaches the server a
 * moment later). `listeners` may be connected to several server processes.
 */
export async function closeAll(app: FastifyInstance, listeners: Listener[]): Promise<void> {
  const closing = listeners.splice(0);
  const ids = new Set(closing.map((l) => l.socket.id));
  for (const l of closing) l.socket.disconnect();
  const servers = new Set([app, ...closing.map((l) => l.app)]);
  const deadline = Date.now() + 5000;
  for (const server of servers) {
    while (true) {
      const open = await server.io.of(SOCKET_NAMESPACE).local.fetchSockets();
      if (!open.some((s) => ids.has(s.id))) break;
      if (Date.now() > deadline) throw new Error('sockets de teste ainda abertos no servidor');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await server.ctx.presence.whenIdle();
  }
}

/**
 * One listener per user (in order), also pushed to `into` so afterEach can close them. Their
 * `events` start empty once all are connected, so tests see only what their actions caused.
 */
export async function listenAll<const U extends readonly TestUser[]>(
  app: FastifyInstance,
  users: U,
  into: Listener[],
): Promise<{ [K in keyof U]: Listener }> {
  const opened = await Promise.all(users.map((u) => listen(app, u)));
  into.push(...opened);
  await settle(app, opened);
  for (const l of opened) l.events.length = 0;
  return opened as { [K in keyof U]: Listener };
}
