import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ChatEvents } from './chat-events';
import type { SocketUser } from './handshake';
import { Presence } from './presence';
import { MemoryPresenceStore, type PresenceSocket } from './presence-store';

// Presence over a store whose answers the test releases by hand: the order of what is recorded and
// announced must not depend on how fast the store (Redis) or the database answers.

class SlowStore extends MemoryPresenceStore {
  readonly calls: string[] = [];
  private readonly gates: Array<() => void> = [];

  private gate(): Promise<void> {
    return new Promise((resolve) => this.gates.push(resolve));
  }
  /** Lets the oldest waiting call through. */
  release(): void {
    this.gates.shift()?.();
  }
  override async add(socket: PresenceSocket): Promise<boolean> {
    await this.gate();
    this.calls.push(`add ${socket.socketId}`);
    return super.add(socket);
  }
  override async remove(socket: PresenceSocket): Promise<boolean> {
    this.calls.push(`remove ${socket.socketId}`);
    return super.remove(socket);
  }
  override async close(): Promise<void> {
    this.calls.push('close');
    return super.close();
  }
}

function setup(beforeOnline: (userId: string) => Promise<unknown> = async () => undefined) {
  const store = new SlowStore();
  const announced: string[] = [];
  const lastSeenAnnounced: (string | undefined)[] = [];
  const events = {
    toWatchersOf: (userId: string, event: string, payload: { userId: string; status: string; lastSeenAt?: string }) => {
      announced.push(`${userId} ${event} ${payload.userId} ${payload.status}`);
      lastSeenAnnounced.push(payload.lastSeenAt);
    },
  } as unknown as ChatEvents;
  const log = { error: () => undefined } as unknown as FastifyBaseLogger;
  const stored: { userId: string; at: string }[] = [];
  const afterOffline = async (userId: string, at: Date) => stored.push({ userId, at: at.toISOString() });
  return { store, announced, lastSeenAnnounced, stored, presence: new Presence(store, events, log, beforeOnline, afterOffline) };
}
const ana: SocketUser = { id: 'ana', name: 'Ana', role: 'USER', workspaceId: 'w1', sessionId: null };
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Presence ordering', () => {
  it('a disconnect that arrives before its connect was recorded waits for it: online, then offline', async () => {
    const { store, announced, presence } = setup();
    presence.socketConnected(ana, 's1');
    presence.socketDisconnected(ana, 's1');
    await tick();
    expect(store.calls).toEqual([]);
    store.release();
    await presence.whenIdle();
    expect(store.calls).toEqual(['add s1', 'remove s1']);
    expect(announced).toEqual(['ana userStatus ana online', 'ana userStatus ana offline']);
    expect(await presence.isOnline('ana')).toBe(false);
  });

  it('going offline announces and stores the same last-seen time; coming online carries none', async () => {
    const { store, lastSeenAnnounced, stored, presence } = setup();
    presence.socketConnected(ana, 's1');
    store.release();
    await presence.whenIdle();
    presence.socketDisconnected(ana, 's1');
    await presence.whenIdle();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.userId).toBe('ana');
    expect(lastSeenAnnounced).toEqual([undefined, stored[0]!.at]);
  });

  it('announces online only after the delivered update is stored, and whenIdle waits for both', async () => {
    let finishUpdate!: () => void;
    const updated = new Promise<void>((resolve) => (finishUpdate = resolve));
    const { store, announced, presence } = setup(() => updated);
    presence.socketConnected(ana, 's1');
    store.release();
    await tick();
    expect(announced).toEqual([]);
    let idle = false;
    const waiting = presence.whenIdle().then(() => (idle = true));
    await tick();
    expect(idle).toBe(false);
    finishUpdate();
    await waiting;
    expect(announced).toEqual(['ana userStatus ana online']);
  });

  it('a process that shuts down leaves the store in one step, not one remove per socket it closes', async () => {
    const { store, announced, presence } = setup();
    presence.socketConnected(ana, 's1');
    presence.socketConnected({ ...ana, id: 'bia' }, 's2');
    store.release();
    store.release();
    await presence.whenIdle();
    // What realtime.ts does on close: presence first, then every socket of the process disconnects.
    const closed = presence.close();
    presence.socketDisconnected(ana, 's1');
    presence.socketDisconnected({ ...ana, id: 'bia' }, 's2');
    await closed;
    expect(store.calls).toEqual(['add s1', 'add s2', 'close']);
    expect(announced).toEqual(['ana userStatus ana online', 'bia userStatus bia online']);
  });

  it('announces online even when the delivered update fails (logged), and nothing for a user without workspace', async () => {
    const { store, announced, presence } = setup(async () => {
      throw new Error('banco fora');
    });
    presence.socketConnected(ana, 's1');
    presence.socketConnected({ ...ana, id: 'root', workspaceId: null }, 's2');
    store.release();
    store.release();
    await presence.whenIdle();
    expect(announced).toEqual(['ana userStatus ana online']);
  });
});
