import { afterEach, describe, expect, it } from 'vitest';
import { eventBus, type SocketEmitRequest } from '@chat/event-bus';
import { holdEarlyEmits, MAX_HELD_EMITS } from './early-emits';

// The socket requests made before the live connection exists are sent once it does.

afterEach(() => eventBus.all.clear());

const readGroup = (groupId: string): SocketEmitRequest => ({ event: 'group:read', payload: { groupId } });

describe('holdEarlyEmits', () => {
  it('gives the socket what was asked before it existed, in order, once; typing is not sent late', () => {
    const early = holdEarlyEmits();
    eventBus.emit('socket:emit', readGroup('g1'));
    eventBus.emit('socket:emit', { event: 'user:typing', payload: { conversationId: 'c1', isTyping: true, targetUsersIds: ['u2'] } });
    eventBus.emit('socket:emit', { event: 'message:read:all', payload: { conversationId: 'c1' } });

    const sent: SocketEmitRequest[] = [];
    eventBus.on('socket:emit', (request) => sent.push(request));
    early.release();
    expect(sent).toEqual([readGroup('g1'), { event: 'message:read:all', payload: { conversationId: 'c1' } }]);

    // From then on the socket's own listener takes each request: nothing is held or sent twice.
    eventBus.emit('socket:emit', readGroup('g2'));
    early.release();
    expect(sent).toEqual([readGroup('g1'), { event: 'message:read:all', payload: { conversationId: 'c1' } }, readGroup('g2')]);
  });

  it('keeps the newest requests when a page makes more than it holds', () => {
    const early = holdEarlyEmits();
    for (let i = 0; i < MAX_HELD_EMITS + 5; i++) eventBus.emit('socket:emit', readGroup(`g${i}`));
    const sent: SocketEmitRequest[] = [];
    eventBus.on('socket:emit', (request) => sent.push(request));
    early.release();
    expect(sent).toHaveLength(MAX_HELD_EMITS);
    expect(sent[0]).toEqual(readGroup('g5'));
  });

  it('forgets what it held when the session ends before the socket opened', () => {
    const early = holdEarlyEmits();
    eventBus.emit('socket:emit', readGroup('g1'));
    early.drop();
    const sent: SocketEmitRequest[] = [];
    eventBus.on('socket:emit', (request) => sent.push(request));
    early.release();
    eventBus.emit('socket:emit', readGroup('g2'));
    expect(sent).toEqual([readGroup('g2')]);
  });
});
