import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, type Listener, listenAll, nextEvent } from '../../test/socket-helpers';
import { onClientEvent } from './client-events';

let t: TestApp;
let ana: TestUser, bruno: TestUser;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno] = await createTeam(t.app, ['Ana Malformada', 'Bruno Malformado']);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

describe('malformed client events', () => {
  it('are dropped without disconnecting the socket or stopping the server', async () => {
    const [la] = await listenAll(t.app, [ana, bruno], listeners);
    const bad: Array<[string, unknown]> = [
      ['user:typing', 'texto'],
      ['user:typing', null],
      ['user:typing', { conversationId: 'não-é-uuid', isTyping: true, targetUsersIds: [] }],
      ['user:typing', { conversationId: crypto.randomUUID(), isTyping: 'sim', targetUsersIds: 'todos' }],
      ['user:typing', { conversationId: crypto.randomUUID(), isTyping: true, targetUsersIds: Array(1001).fill('x') }],
      ['message:read', { conversationId: 42 }],
      ['message:read:all', []],
      ['message:read:all', { conversationId: { $ne: null } }],
      ['checkUserStatus', 7],
      ['checkUserStatus', { userId: "' OR 1=1 --" }],
      ['checkUserStatus', { __proto__: { userId: bruno.id } }],
      ['desconhecido', { qualquer: 'coisa' }],
      ['constructor', {}],
    ];
    for (const [event, payload] of bad) la.socket.emit(event, payload);
    la.socket.emit('checkUserStatus');
    la.socket.emit('message:read:all', undefined, () => undefined);

    // Same socket, still connected and served after all of that.
    la.socket.emit('checkUserStatus', { userId: bruno.id });
    expect(await nextEvent(la, 'userStatusResponse')).toEqual({ userId: bruno.id, status: 'online' });
    expect(la.socket.connected).toBe(true);
    expect(la.of('userStatusResponse')).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('onClientEvent', () => {
  function fakeSocket() {
    const socket = new EventEmitter() as EventEmitter & { data: unknown };
    socket.data = { user: { id: 'user-1', name: 'Ana', role: 'USER', workspaceId: 'w' } };
    return socket;
  }
  function fakeLog() {
    const lines: Array<{ level: string; obj: unknown; msg: string }> = [];
    const log = {
      warn: (obj: unknown, msg: string) => lines.push({ level: 'warn', obj, msg }),
      error: (obj: unknown, msg: string) => lines.push({ level: 'error', obj, msg }),
    };
    return { lines, log: log as unknown as FastifyBaseLogger };
  }

  it('logs a bad payload by event and issue paths, never its values, and does not call the handler', () => {
    const socket = fakeSocket();
    const { lines, log } = fakeLog();
    const calls: unknown[] = [];
    onClientEvent(socket as unknown as Socket, 'user:typing', log, (p) => void calls.push(p));
    socket.emit('user:typing', { conversationId: 'segredo-da-ana@exemplo.com', isTyping: true, targetUsersIds: ['senha123'] });
    expect(calls).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      obj: { event: 'user:typing', userId: 'user-1', issues: [{ path: 'conversationId' }] },
    });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('segredo');
    expect(logged).not.toContain('senha123');
  });

  it('hands a valid payload to the handler, in order per socket, and logs a failing handler', async () => {
    const socket = fakeSocket();
    const { lines, log } = fakeLog();
    const order: string[] = [];
    let release!: () => void;
    const firstDone = new Promise<void>((resolve) => (release = resolve));
    onClientEvent(socket as unknown as Socket, 'message:read', log, async ({ conversationId }) => {
      if (conversationId.startsWith('0')) await firstDone;
      order.push(conversationId);
      if (conversationId.startsWith('f')) throw new Error('falhou');
    });
    const first = '00000000-0000-4000-8000-000000000000';
    const second = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
    socket.emit('message:read', { conversationId: first });
    socket.emit('message:read', { conversationId: second });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([first, second]);
    expect(lines).toMatchObject([{ level: 'error', obj: { event: 'message:read', userId: 'user-1' } }]);
  });
});
