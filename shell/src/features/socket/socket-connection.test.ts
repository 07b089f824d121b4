// @vitest-environment node
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventBus, type AppEvents } from '@chat/event-bus';
import { openSocket } from './socket-connection';

const USER = { id: '11111111-1111-4111-8111-111111111111', name: 'Ana' };
const CONVERSATION = '22222222-2222-4222-8222-222222222222';

let http: HttpServer;
let io: Server;
let url: string;
let token: string | null;
let close: (() => void) | null = null;
const handshakes: Array<{ token: unknown; query: unknown; since?: unknown; now?: unknown }> = [];

function nextServerSocket(): Promise<ServerSocket> {
  return new Promise((resolve) => io.of('/events').once('connection', resolve));
}

function nextBusEvent<K extends keyof AppEvents>(name: K): Promise<AppEvents[K]> {
  return new Promise((resolve) => {
    const handler = (payload: AppEvents[K]) => {
      eventBus.off(name, handler);
      resolve(payload);
    };
    eventBus.on(name, handler);
  });
}

beforeEach(async () => {
  token = 'token-1';
  handshakes.length = 0;
  http = createServer();
  io = new Server(http, { transports: ['websocket'] });
  io.of('/events').use((socket, next) => {
    const { token: sent, since, now } = socket.handshake.auth as Record<string, unknown>;
    handshakes.push({ token: sent, query: socket.handshake.query, ...(since === undefined ? {} : { since, now }) });
    next(socket.handshake.auth.token === 'recusado' ? new Error('Não autorizado') : undefined);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  close?.();
  close = null;
  eventBus.all.clear();
  await new Promise<void>((resolve, reject) => {
    io.close(() => resolve()).catch(reject);
  });
});

function open(onUnauthorized: (retry: () => void) => void = () => {}, reconnection?: Parameters<typeof openSocket>[0]['reconnection']) {
  close = openSocket({ url, user: USER, getToken: () => token, onUnauthorized, reconnection });
}

/** A page that fetched before opening the socket, preparing its catch-up with `prepareCatchUp`. */
function openCatchingUp(prepareCatchUp: () => Promise<() => void>) {
  close = openSocket({ url, user: USER, getToken: () => token, onUnauthorized: () => {}, catchUpOnFirstConnect: true, prepareCatchUp });
}

describe('openSocket', () => {
  it('connects to /events over websocket with the user query and the current token', async () => {
    const connected = nextServerSocket();
    const status = nextBusEvent('socket:status');
    open();
    const socket = await connected;
    expect(socket.conn.transport.name).toBe('websocket');
    expect(handshakes[0]).toMatchObject({ token: 'token-1', query: { id: USER.id, name: 'Ana' } });
    expect(await status).toEqual({ status: 'connected' });
  });

  it('publishes valid server events on the bus and drops invalid ones with a warning', async () => {
    const connected = nextServerSocket();
    open();
    const socket = await connected;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const received: unknown[] = [];
    eventBus.on('userStatus', (payload) => received.push(payload));
    socket.emit('userStatus', { userId: USER.id, status: 'sideways' });
    socket.emit('userStatus', { userId: USER.id, status: 'online' });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual({ userId: USER.id, status: 'online' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('evento inválido descartado'));
    warn.mockRestore();
  });

  it('emits what remotes ask for on the bus, only when the payload is valid', async () => {
    const connected = nextServerSocket();
    open();
    const socket = await connected;
    const heard: unknown[] = [];
    socket.on('message:read:all', (payload) => heard.push(payload));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    eventBus.emit('socket:emit', { event: 'message:read:all', payload: { conversationId: 'nao-e-uuid' } });
    eventBus.emit('socket:emit', { event: 'message:read:all', payload: { conversationId: CONVERSATION } });
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(heard[0]).toEqual({ conversationId: CONVERSATION });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('emissão inválida descartada'));
    warn.mockRestore();
  });

  it('announces its first connect as a reconnect only when the page fetched before opening it', async () => {
    const heard: string[] = [];
    eventBus.on('socket:reconnected', () => heard.push('reconnected'));
    const plain = nextBusEvent('socket:status');
    open();
    await plain;
    close?.();
    expect(heard).toEqual([]);

    const late = nextBusEvent('socket:reconnected');
    close = openSocket({ url, user: USER, getToken: () => token, onUnauthorized: () => {}, catchUpOnFirstConnect: true });
    await late;
    expect(heard).toEqual(['reconnected']);
  });

  it('with the time the page loaded, fetches nothing again on its first connect unless the server asks; a reconnect still catches up', async () => {
    const heard: string[] = [];
    eventBus.on('socket:reconnected', () => heard.push('reconnected'));
    const prepared: string[] = [];
    const first = nextServerSocket();
    close = openSocket({
      url,
      user: USER,
      getToken: () => token,
      onUnauthorized: () => {},
      catchUpOnFirstConnect: true,
      loadedSince: 1234.5,
      prepareCatchUp: async () => {
        prepared.push('prepare');
        return () => undefined;
      },
    });
    const socket = await first;
    expect(handshakes[0]).toMatchObject({ token: 'token-1', since: 1234 });
    expect(typeof handshakes[0]!.now).toBe('number');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard, 'the first connect fetches nothing again by itself').toEqual([]);
    expect(prepared).toEqual([]);

    // Something was sent to the user since the page loaded: the server says so.
    const asked = nextBusEvent('socket:reconnected');
    socket.emit('sync:required');
    await asked;
    expect(heard).toEqual(['reconnected']);

    // An outage: the reconnect catches up by itself, and its handshake carries no time.
    const again = nextBusEvent('socket:reconnected');
    socket.conn.close();
    await again;
    expect(heard).toEqual(['reconnected', 'reconnected']);
    expect(handshakes.at(-1)).not.toHaveProperty('since');
    expect(prepared).toEqual(['prepare', 'prepare']);
  });

  it('prepares the catch-up before announcing a connect, and finishes it after the handlers ran', async () => {
    const steps: string[] = [];
    eventBus.on('socket:reconnected', () => steps.push('announced'));
    let prepared!: () => void;
    const preparing = new Promise<void>((resolve) => (prepared = resolve));
    const announced = nextBusEvent('socket:reconnected');
    openCatchingUp(async () => {
      steps.push('prepare');
      await preparing;
      return () => steps.push('done');
    });
    await vi.waitFor(() => expect(steps).toEqual(['prepare']));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(steps, 'not announced before the catch-up is ready').toEqual(['prepare']);
    prepared();
    await announced;
    expect(steps).toEqual(['prepare', 'announced', 'done']);
  });

  it("treats the server's sync:required as a reconnect: catch-up prepared, then announced, socket kept", async () => {
    const connected = nextServerSocket();
    const steps: string[] = [];
    eventBus.on('socket:reconnected', () => steps.push('announced'));
    eventBus.on('socket:status', ({ status }) => steps.push(status));
    close = openSocket({
      url,
      user: USER,
      getToken: () => token,
      onUnauthorized: () => {},
      prepareCatchUp: async () => {
        steps.push('prepare');
        return () => steps.push('done');
      },
    });
    const socket = await connected;
    await vi.waitFor(() => expect(steps).toEqual(['connected']));
    const announced = nextBusEvent('socket:reconnected');
    socket.emit('sync:required');
    await announced;
    expect(steps).toEqual(['connected', 'prepare', 'announced', 'done']);
    expect(socket.connected).toBe(true);
    expect(handshakes).toHaveLength(1);
  });

  it('announces the connect even when preparing the catch-up failed', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const announced = nextBusEvent('socket:reconnected');
    openCatchingUp(() => Promise.reject(new Error('sem cliente')));
    await announced;
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('reconnects after the server drops it, with the token of that moment, and announces it', async () => {
    const first = nextServerSocket();
    open();
    const socket = await first;
    token = 'token-renovado';
    const reconnected = nextBusEvent('socket:reconnected');
    // Closing the transport looks like an outage to the client (a server-side disconnect() would
    // be final for socket.io and not reconnect).
    socket.conn.close();
    await reconnected;
    expect(handshakes.at(-1)?.token).toBe('token-renovado');
  });

  it('connects again when the server disconnects it on shutdown (a restart), and announces it', async () => {
    const first = nextServerSocket();
    const connected = nextBusEvent('socket:status');
    open();
    const socket = await first;
    await connected;
    const statuses: string[] = [];
    eventBus.on('socket:status', ({ status }) => statuses.push(status));
    const reconnected = nextBusEvent('socket:reconnected');
    // What a server's graceful close does: socket.io sends a disconnect packet, final by default.
    socket.disconnect(true);
    await reconnected;
    expect(statuses[0]).toBe('reconnecting');
    expect(statuses.at(-1)).toBe('connected');
  });

  it('leaves a draining process at once when told, within the window it gives, never showing itself offline', async () => {
    const first = nextServerSocket();
    const connected = nextBusEvent('socket:status');
    open();
    const socket = await first;
    await connected;
    const statuses: string[] = [];
    eventBus.on('socket:status', ({ status }) => statuses.push(status));
    const second = nextServerSocket();
    const reconnected = nextBusEvent('socket:reconnected');
    const told = Date.now();
    socket.emit('server:draining', { reconnectWithinMs: 200 });
    const moved = await second;
    await reconnected;
    // Well before socket.io's own reconnection delay (1 s and more) would have brought it back.
    expect(Date.now() - told).toBeLessThan(700);
    expect(moved.id).not.toBe(socket.id);
    expect(statuses).toEqual(['reconnecting', 'connected']);
  });

  it('starts another round of attempts when an outage outlasts the first one, and comes back', async () => {
    // The product's 5 attempts, with delays short enough for a test: a round lasts ~100 ms here.
    const quick = {
      reconnection: true,
      reconnectionAttempts: 5,
      reconnectionDelay: 10,
      reconnectionDelayMax: 40,
      randomizationFactor: 0.5,
    };
    const first = nextServerSocket();
    open(undefined, quick);
    await first;
    const port = (http.address() as AddressInfo).port;
    const statuses: string[] = [];
    eventBus.on('socket:status', ({ status }) => statuses.push(status));
    io.disconnectSockets(true);
    await new Promise<void>((resolve, reject) => {
      io.close(() => resolve()).catch(reject);
    });
    await vi.waitFor(() => expect(statuses).toContain('disconnected'), { timeout: 5000 });
    // The server is back only after the first round has failed.
    http = createServer();
    io = new Server(http, { transports: ['websocket'] });
    const back = nextServerSocket();
    await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
    const reconnected = nextBusEvent('socket:reconnected');
    await back;
    await reconnected;
    expect(statuses.at(-1)).toBe('connected');
  });

  it('asks for a renewed session when the handshake is refused, then retries', async () => {
    token = 'recusado';
    const connected = new Promise<void>((resolve) => {
      open((retry) => {
        token = 'token-novo';
        retry();
        resolve();
      });
    });
    await connected;
    await vi.waitFor(() => expect(handshakes.at(-1)?.token).toBe('token-novo'));
  });

  it('stops forwarding after it is closed', async () => {
    const connected = nextServerSocket();
    open();
    const socket = await connected;
    const disconnected = new Promise((resolve) => socket.on('disconnect', resolve));
    close?.();
    close = null;
    await disconnected;
    expect(eventBus.all.get('socket:emit') ?? []).toHaveLength(0);
  });
});
