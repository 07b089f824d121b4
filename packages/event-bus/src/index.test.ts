import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Message, UserTypingPayload } from '@chat/contracts';
import { createEventBus, EVENT_BUS_KEY, eventBus, getEventBus, subscribe, type SocketEmitRequest } from './index';

afterEach(() => {
  eventBus.all.clear();
});

describe('the shared bus', () => {
  it('lives on globalThis under Symbol.for, so every accessor returns it', () => {
    expect(EVENT_BUS_KEY).toBe(Symbol.for('@chat/event-bus'));
    expect((globalThis as Record<symbol, unknown>)[Symbol.for('@chat/event-bus')]).toBe(eventBus);
    expect(getEventBus()).toBe(eventBus);
    expect(getEventBus()).toBe(getEventBus());
  });

  it('is one instance even when the module is loaded twice', async () => {
    vi.resetModules();
    const first = await import('./index');
    vi.resetModules();
    const second = await import('./index');
    // Two real copies of the module (different functions)...
    expect(second.createEventBus).not.toBe(first.createEventBus);
    // ...and still one bus, the one this file imported statically too.
    expect(second.eventBus).toBe(first.eventBus);
    expect(first.eventBus).toBe(eventBus);

    const seen: string[] = [];
    second.eventBus.on('userStatus', (p) => seen.push(`${p.userId}:${p.status}`));
    first.eventBus.emit('userStatus', { userId: 'u1', status: 'online' });
    expect(seen).toEqual(['u1:online']);
  });

  it('createEventBus makes independent buses', () => {
    const a = createEventBus<{ ping: number }>();
    const b = createEventBus<{ ping: number }>();
    expect(a).not.toBe(b);
    const got: number[] = [];
    b.on('ping', (n) => got.push(n));
    a.emit('ping', 1);
    b.emit('ping', 2);
    expect(got).toEqual([2]);
  });
});

describe('typed events', () => {
  it('server events carry the socket payload types', () => {
    const received: Message[] = [];
    eventBus.on('message', (m) => {
      expectTypeOf(m).toEqualTypeOf<Message>();
      received.push(m);
    });
    eventBus.on('user:typing:response', (p) => {
      expectTypeOf(p).toEqualTypeOf<{ conversationId: string; userId: string; isTyping: boolean }>();
    });
    const message = { id: 'm1' } as Message;
    eventBus.emit('message', message);
    expect(received).toEqual([message]);
  });

  it('socket:emit is discriminated by event name', () => {
    const requests: SocketEmitRequest[] = [];
    eventBus.on('socket:emit', (req) => {
      if (req.event === 'user:typing') expectTypeOf(req.payload).toEqualTypeOf<UserTypingPayload>();
      if (req.event === 'checkUserStatus') expectTypeOf(req.payload).toEqualTypeOf<{ userId: string }>();
      requests.push(req);
    });
    eventBus.emit('socket:emit', { event: 'message:read:all', payload: { conversationId: 'c1' } });
    // @ts-expect-error the payload must match the event
    eventBus.emit('socket:emit', { event: 'checkUserStatus', payload: { conversationId: 'c1' } });
    expect(requests[0]).toEqual({ event: 'message:read:all', payload: { conversationId: 'c1' } });
  });

  it('socket:status and socket:reconnected', () => {
    const statuses: string[] = [];
    let reconnected = 0;
    eventBus.on('socket:status', ({ status }) => statuses.push(status));
    eventBus.on('socket:reconnected', () => reconnected++);
    eventBus.emit('socket:status', { status: 'reconnecting' });
    eventBus.emit('socket:status', { status: 'connected' });
    eventBus.emit('socket:reconnected');
    expect(statuses).toEqual(['reconnecting', 'connected']);
    expect(reconnected).toBe(1);
    // @ts-expect-error not a status
    eventBus.emit('socket:status', { status: 'online' });
  });

  it('subscribe returns an unsubscribe', () => {
    const got: string[] = [];
    const off = subscribe(eventBus, 'userStatus', (p) => got.push(p.status));
    eventBus.emit('userStatus', { userId: 'u', status: 'offline' });
    off();
    eventBus.emit('userStatus', { userId: 'u', status: 'online' });
    expect(got).toEqual(['offline']);
  });
});

describe('chat:unread-total', () => {
  it('carries a count from remote-chat to the shell', () => {
    const counts: number[] = [];
    const off = subscribe(eventBus, 'chat:unread-total', ({ count }) => counts.push(count));
    eventBus.emit('chat:unread-total', { count: 3 });
    off();
    eventBus.emit('chat:unread-total', { count: 4 });
    expect(counts).toEqual([3]);
    // @ts-expect-error a count is a number
    eventBus.emit('chat:unread-total', { count: '3' });
  });
});
