import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE, type UserStatusPayload } from '@chat/contracts';
import { createTeam, type TestUser } from '../../test/chat-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { closeAll, eventMatching, type Listener, listen, listenAll, nextEvent, settle, watchPresence } from '../../test/socket-helpers';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { watch, WATCHED_PER_SOCKET } from './user-status';

let t: TestApp;
let ana: TestUser, bruno: TestUser, carla: TestUser, stranger: TestUser;
const listeners: Listener[] = [];

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  [ana, bruno, carla] = await createTeam(t.app, ['Ana Presença', 'Bruno Presença', 'Carla Presença']);
  [stranger] = await createTeam(t.app, ['Estranho Presença']);
});
afterEach(() => closeAll(t.app, listeners));
afterAll(() => t?.close());

async function open(user: TestUser): Promise<Listener> {
  const l = await listen(t.app, user);
  listeners.push(l);
  return l;
}

async function close(l: Listener): Promise<void> {
  listeners.splice(listeners.indexOf(l), 1);
  await closeAll(t.app, [l]);
}

/** What is said of `user`; offline carries when they were last seen (any time, unless given; null: never). */
const status = (
  user: TestUser,
  value: 'online' | 'offline',
  lastSeenAt: string | null = expect.any(String) as string,
): UserStatusPayload => (value === 'online' ? { userId: user.id, status: value } : { userId: user.id, status: value, lastSeenAt });
const is = (expected: UserStatusPayload) => (p: UserStatusPayload) => p.userId === expected.userId && p.status === expected.status;

/** Asks through `asker`'s socket; events of one socket are answered in order. */
function check(asker: Listener, userId: string): void {
  asker.socket.emit('checkUserStatus', { userId });
}

describe('presence (userStatus to the sockets watching the user)', () => {
  it('two tabs: online at the first, still online when one closes, offline when the last closes', async () => {
    const [watcher, outsider] = await listenAll(t.app, [bruno, stranger], listeners);
    expect(await watchPresence(watcher, ana.id)).toEqual(status(ana, 'offline', null));

    const tab1 = await open(ana);
    expect(await eventMatching(watcher, 'userStatus', is(status(ana, 'online')))).toEqual(status(ana, 'online'));
    const tab2 = await open(ana);
    await close(tab1);
    await settle(t.app, [watcher, outsider, tab2]);
    // The second tab announced nothing, and closing one of two left ana online.
    expect(watcher.of('userStatus')).toEqual([status(ana, 'online')]);
    check(watcher, ana.id);
    expect(await nextEvent(watcher, 'userStatusResponse')).toEqual(status(ana, 'online'));

    await close(tab2);
    const offline = await eventMatching(watcher, 'userStatus', is(status(ana, 'offline')));
    expect(offline).toEqual(status(ana, 'offline'));
    // Asked at once, the answer says the same time the event said; the database has it too.
    check(watcher, ana.id);
    expect(await nextEvent(watcher, 'userStatusResponse')).toEqual(offline);
    await expect
      .poll(async () => (await t.app.ctx.db.select({ at: users.lastSeenAt }).from(users).where(eq(users.id, ana.id)))[0]?.at?.toISOString())
      .toBe(offline.lastSeenAt);

    await settle(t.app, [watcher, outsider]);
    expect(watcher.of('userStatus')).toEqual([status(ana, 'online'), status(ana, 'offline')]);
    // Another workspace hears nothing about ana.
    expect(outsider.events).toEqual([]);
  });

  it('only sockets that asked about a user hear their changes, not the rest of the workspace', async () => {
    const [watching, otherTab, quiet] = await listenAll(t.app, [carla, carla, ana], listeners);
    await watchPresence(watching, bruno.id);
    const tab = await open(bruno);
    expect(await eventMatching(watching, 'userStatus', is(status(bruno, 'online')))).toBeTruthy();
    await close(tab);
    expect(await eventMatching(watching, 'userStatus', is(status(bruno, 'offline')))).toBeTruthy();
    await settle(t.app, [watching, otherTab, quiet]);
    // The same user's other tab and another member of the workspace did not ask: they hear nothing.
    expect(otherTab.events).toEqual([]);
    expect(quiet.events).toEqual([]);
  });

  it('a tab that opens and closes at once still ends offline, announced online then offline', async () => {
    const [watcher] = await listenAll(t.app, [bruno], listeners);
    await watchPresence(watcher, carla.id);
    const { port } = t.app.server.address() as AddressInfo;
    const flash = connect(`http://127.0.0.1:${port}${SOCKET_NAMESPACE}`, {
      transports: ['websocket'],
      auth: { token: carla.token },
      query: { id: carla.id },
      reconnection: false,
      forceNew: true,
    });
    // Closed as soon as it is open: the server's disconnect comes before its presence record is done.
    await new Promise<void>((resolve) =>
      flash.once('connect', () => {
        flash.disconnect();
        resolve();
      }),
    );
    const deadline = Date.now() + 5000;
    while ((await t.app.io.of(SOCKET_NAMESPACE).fetchSockets()).some((s) => s.data.user.id === carla.id)) {
      if (Date.now() > deadline) throw new Error('socket ainda aberto');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await t.app.ctx.presence.whenIdle();
    await settle(t.app, [watcher]);
    expect(watcher.of('userStatus')).toEqual([status(carla, 'online'), status(carla, 'offline')]);
    expect(await t.app.ctx.presence.isOnline(carla.id)).toBe(false);
  });
});

describe('checkUserStatus', () => {
  it('a socket watches the last WATCHED_PER_SOCKET users it asked about; asking again makes one the newest', () => {
    const rooms = new Set<string>();
    const socket = { data: {}, join: (room: string) => void rooms.add(room), leave: (room: string) => void rooms.delete(room) };
    const asked = Array.from({ length: WATCHED_PER_SOCKET }, (_, i) => `u${i}`);
    for (const id of asked) watch(socket, id);
    watch(socket, 'u0');
    watch(socket, 'novo');
    expect(rooms.size).toBe(WATCHED_PER_SOCKET);
    // u1 was the one asked about longest ago once u0 was asked again.
    expect(rooms.has('presence:u1')).toBe(false);
    expect(rooms.has('presence:u0')).toBe(true);
    expect(rooms.has('presence:novo')).toBe(true);
  });

  it('a socket does not watch someone of another workspace it asked about', async () => {
    const [asker] = await listenAll(t.app, [bruno], listeners);
    check(asker, stranger.id);
    await watchPresence(asker, ana.id);
    const socket = (await t.app.io.of(SOCKET_NAMESPACE).fetchSockets()).find((s) => s.id === asker.socket.id)!;
    expect([...socket.rooms].filter((r) => r.startsWith('presence:'))).toEqual([`presence:${ana.id}`]);
  });

  it('answers the asker only, about users of the same workspace', async () => {
    const [asker, otherTab, online] = await listenAll(t.app, [bruno, bruno, ana], listeners);
    check(asker, ana.id);
    expect(await nextEvent(asker, 'userStatusResponse')).toEqual(status(ana, 'online'));
    check(asker, carla.id);
    expect(await nextEvent(asker, 'userStatusResponse')).toEqual(status(carla, 'offline'));
    await settle(t.app, [otherTab, online]);
    // Only the asking socket hears the answer.
    expect(otherTab.events).toEqual([]);
    expect(online.events).toEqual([]);
  });

  it('says nothing about another workspace’s user (even online), an unknown id or oneself elsewhere', async () => {
    const [asker, foreign] = await listenAll(t.app, [bruno, stranger], listeners);
    check(asker, stranger.id);
    check(asker, randomUUID());
    check(foreign, bruno.id);
    // Handled in order per socket: once these answers arrive, the earlier questions were dropped.
    check(asker, bruno.id);
    expect(await nextEvent(asker, 'userStatusResponse')).toEqual(status(bruno, 'online'));
    check(foreign, stranger.id);
    expect(await nextEvent(foreign, 'userStatusResponse')).toEqual(status(stranger, 'online'));
    await settle(t.app, [asker, foreign]);
    expect(asker.of('userStatusResponse')).toEqual([status(bruno, 'online')]);
    expect(foreign.of('userStatusResponse')).toEqual([status(stranger, 'online')]);
  });
});
