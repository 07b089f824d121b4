import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE } from '@chat/contracts';
import { users } from '../../db/schema';
import { AccessTokens } from '../auth/access-token';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, testRedisUrl, type TestApp } from '../../test/harness';
import { useRedisAdapter } from './redis-adapter';
import { userRoom, workspaceRoom } from './rooms';

let t: TestApp;
let baseUrl: string;
const clients: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});
afterAll(() => t?.close());

function open(auth: Record<string, unknown>, query: Record<string, string>, transports = ['websocket']): ClientSocket {
  const socket = connect(`${baseUrl}${SOCKET_NAMESPACE}`, { transports, auth, query, reconnection: false, forceNew: true });
  clients.push(socket);
  return socket;
}

/** Resolves 'connected' or the connect_error message. */
function outcome(socket: ClientSocket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

describe('socket handshake on /events', () => {
  it('accepts a valid token whose user matches query.id and joins the user and workspace rooms', async () => {
    const { user, accessToken } = await signIn(t.app, 'bruno');
    const socket = open({ token: accessToken }, { id: user.id, name: user.name });
    expect(await outcome(socket)).toBe('connected');

    const events = t.app.io.of(SOCKET_NAMESPACE);
    expect(await events.in(userRoom(user.id)).fetchSockets()).toHaveLength(1);
    expect(await events.in(workspaceRoom(user.workspaces[0]!.id)).fetchSockets()).toHaveLength(1);

    const received = new Promise((resolve) => socket.once('hello', resolve));
    events.to(userRoom(user.id)).emit('hello', { ok: true });
    expect(await received).toEqual({ ok: true });
  });

  it('refuses a missing token', async () => {
    const { user } = await signIn(t.app, 'bruno');
    expect(await outcome(open({}, { id: user.id }))).toBe('Não autorizado');
  });

  it("refuses a query.id that is not the token's user", async () => {
    const { accessToken } = await signIn(t.app, 'bruno');
    const { user: carla } = await signIn(t.app, 'carla');
    expect(await outcome(open({ token: accessToken }, { id: carla.id }))).toBe('Não autorizado');
    expect(await outcome(open({ token: accessToken }, {}))).toBe('Não autorizado');
  });

  it('refuses an expired token', async () => {
    const { user } = await signIn(t.app, 'bruno');
    const expired = await t.app.ctx.accessTokens.sign({ id: user.id, role: 'USER', workspaceId: null }, -5);
    expect(await outcome(open({ token: expired }, { id: user.id }))).toBe('Não autorizado');
  });

  it('refuses a foreign token (signed with another secret, or not a JWT) and a non-string token', async () => {
    const { user } = await signIn(t.app, 'bruno');
    const foreign = await new AccessTokens('outro-segredo-qualquer-com-32-caracteres!').sign({
      id: user.id,
      role: 'USER',
      workspaceId: user.workspaces[0]!.id,
    });
    expect(await outcome(open({ token: foreign }, { id: user.id }))).toBe('Não autorizado');
    expect(await outcome(open({ token: 'nao-e-um-jwt' }, { id: user.id }))).toBe('Não autorizado');
    expect(await outcome(open({ token: 12345 }, { id: user.id }))).toBe('Não autorizado');
  });

  it('refuses a removed (inactive) member', async () => {
    const { user, accessToken } = await signIn(t.app, 'diego');
    await t.app.ctx.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    try {
      expect(await outcome(open({ token: accessToken }, { id: user.id }))).toBe('Não autorizado');
    } finally {
      await t.app.ctx.db.update(users).set({ active: true }).where(eq(users.id, user.id));
    }
  });

  it('refuses HTTP long-polling (websocket only)', async () => {
    const { user, accessToken } = await signIn(t.app, 'bruno');
    expect(await outcome(open({ token: accessToken }, { id: user.id }, ['polling']))).not.toBe('connected');
  });

  it('serves nothing on the default namespace', async () => {
    const { user, accessToken } = await signIn(t.app, 'bruno');
    const socket = connect(baseUrl, {
      transports: ['websocket'],
      auth: { token: accessToken },
      query: { id: user.id },
      reconnection: false,
      forceNew: true,
    });
    clients.push(socket);
    expect(await outcome(socket)).toBe('Não autorizado');
  });
});

const quiet = { onError: () => undefined, onResubscribed: () => undefined };

describe('Redis adapter start-up', () => {
  it('stops with a clear message when REDIS_URL does not answer', async () => {
    const io = new Server();
    const started = Date.now();
    await expect(useRedisAdapter(io, 'redis://127.0.0.1:1', 'x', quiet)).rejects.toThrow('Redis inacessível em 127.0.0.1:1 (REDIS_URL)');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe.runIf(testRedisUrl())('with the Redis adapter', () => {
  it('delivers to a user room from another server process sharing Redis and the key prefix', async () => {
    const { user, accessToken } = await signIn(t.app, 'ana');
    const socket = open({ token: accessToken }, { id: user.id });
    expect(await outcome(socket)).toBe('connected');

    // A second socket.io server, as another process would run it.
    const http = createServer();
    const other = new Server(http, { transports: ['websocket'] });
    const redis = await useRedisAdapter(other, testRedisUrl()!, t.env.redisKeyPrefix, quiet);
    try {
      const received = new Promise((resolve) => socket.once('from-other', resolve));
      other.of(SOCKET_NAMESPACE).to(userRoom(user.id)).emit('from-other', 42);
      expect(await received).toBe(42);

      // Emits corked into one write (ChatEvents.inOneWrite) all arrive, in order.
      const heard: number[] = [];
      const all = new Promise<void>((resolve) =>
        socket.on('batched', (n: number) => {
          heard.push(n);
          if (heard.length === 5) resolve();
        }),
      );
      const returned = redis.inOneWrite(() => {
        for (let n = 1; n <= 5; n++) other.of(SOCKET_NAMESPACE).to(userRoom(user.id)).emit('batched', n);
        return 'done';
      });
      expect(returned).toBe('done');
      await all;
      expect(heard).toEqual([1, 2, 3, 4, 5]);
    } finally {
      await other.close();
      await redis.close();
    }
  });
});
