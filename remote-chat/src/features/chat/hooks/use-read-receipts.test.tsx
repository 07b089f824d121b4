import { act } from '@testing-library/react';
import { renderHookWithQuery } from '../../../test/render';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventBus, type SocketEmitRequest } from '@chat/event-bus';
import { ana, bruno, message } from '../../../test/fixtures';
import type { ChatMessage } from '../lib/merge-messages';
import { useReadReceipts } from './use-read-receipts';

let emitted: SocketEmitRequest[] = [];
const record = (request: SocketEmitRequest) => emitted.push(request);

const mine = (id: string, status: ChatMessage['status']): ChatMessage =>
  message(id, { authorId: ana.id, author: { id: ana.id, name: ana.name, avatarUrl: null }, status });

function open(messages: ChatMessage[], conversationId: string | null = 'c1', peerId: string | null = bruno.id) {
  return renderHookWithQuery(({ list }) => useReadReceipts(conversationId, peerId, ana.id, list), { initialProps: { list: messages } });
}

const statuses = (list: ChatMessage[]) => list.map((m) => `${m.id}:${m.status}`);

describe('useReadReceipts', () => {
  beforeEach(() => {
    emitted = [];
    eventBus.on('socket:emit', record);
  });
  afterEach(() => eventBus.off('socket:emit', record));

  it("marks read what the conversation shows once it has a history, naming the other person's newest message; again after a reconnect", () => {
    const { rerender } = open([]);
    expect(emitted).toEqual([]);
    rerender({ list: [message('a'), message('b'), mine('c', 'SENT')] });
    expect(emitted).toEqual([{ event: 'message:read:all', payload: { conversationId: 'c1', lastMessageId: 'b' } }]);
    act(() => eventBus.emit('socket:reconnected'));
    expect(emitted[1]).toEqual({ event: 'message:read:all', payload: { conversationId: 'c1', lastMessageId: 'b' } });
    // My own sends, pending then stored, need no reading: nothing more is sent.
    rerender({ list: [message('a'), message('b'), mine('c', 'SENT'), mine('sending', 'PENDING')] });
    rerender({ list: [message('a'), message('b'), mine('c', 'SENT'), mine('d', 'SENT')] });
    expect(emitted).toHaveLength(2);
  });

  it("marks the other person's incoming message read once it is shown", () => {
    const { rerender } = open([message('a')]);
    emitted = [];
    rerender({ list: [message('a'), message('x')] });
    expect(emitted).toEqual([{ event: 'message:read', payload: { conversationId: 'c1', lastMessageId: 'x' } }]);
  });

  it('peer online -> my SENT become DELIVERED; their read confirmation -> READ', () => {
    const { result } = open([mine('s', 'SENT'), mine('d', 'DELIVERED'), message('theirs', { status: 'SENT' })]);
    act(() => eventBus.emit('userStatus', { userId: 'someone-else', status: 'online' }));
    expect(statuses(result.current)).toEqual(['s:SENT', 'd:DELIVERED', 'theirs:SENT']);
    act(() => eventBus.emit('userStatus', { userId: bruno.id, status: 'online' }));
    expect(statuses(result.current)).toEqual(['s:DELIVERED', 'd:DELIVERED', 'theirs:SENT']);
    // My own reading in another tab is not theirs.
    act(() => eventBus.emit('message:read:response', { conversationId: 'c1', readerId: ana.id }));
    act(() => eventBus.emit('message:read:response', { conversationId: 'c2', readerId: bruno.id }));
    expect(statuses(result.current)).toEqual(['s:DELIVERED', 'd:DELIVERED', 'theirs:SENT']);
    act(() => eventBus.emit('message:read:response', { conversationId: 'c1', readerId: bruno.id }));
    expect(statuses(result.current)).toEqual(['s:READ', 'd:READ', 'theirs:SENT']);
  });

  it('a read confirmation up to a time turns READ only my messages up to it', () => {
    const at = (id: string, minute: number) => ({ ...mine(id, 'DELIVERED'), createdAt: `2024-03-10T12:0${minute}:00.000Z` });
    const { result } = open([at('seen', 1), at('bound', 2), at('after', 3)]);
    act(() => eventBus.emit('message:read:response', { conversationId: 'c1', readerId: bruno.id, readUpTo: '2024-03-10T12:02:00.000Z' }));
    expect(statuses(result.current)).toEqual(['seen:READ', 'bound:READ', 'after:DELIVERED']);
  });

  it('reads my message whose echo came before the history re-rendered with it', () => {
    const { result, rerender } = open([mine('local', 'PENDING')]);
    // The socket echo of my send, then the peer's confirmation, before the send response renders.
    act(() => {
      eventBus.emit('message', mine('m-server', 'DELIVERED'));
      eventBus.emit('message:read:response', { conversationId: 'c1', readerId: bruno.id });
    });
    rerender({ list: [mine('m-server', 'DELIVERED')] });
    expect(statuses(result.current)).toEqual(['m-server:READ']);
  });

  it('keeps a mirrored status when the history is fetched again with an older one', () => {
    const { result, rerender } = open([mine('s', 'SENT')]);
    act(() => eventBus.emit('message:read:response', { conversationId: 'c1', readerId: bruno.id }));
    rerender({ list: [mine('s', 'SENT'), mine('n', 'SENT')] });
    expect(statuses(result.current)).toEqual(['s:READ', 'n:SENT']);
  });

  it('does nothing for groups', () => {
    const { result } = open([mine('s', 'SENT')], null, null);
    act(() => eventBus.emit('message:read:response', { conversationId: 'c1', readerId: bruno.id }));
    expect(emitted).toEqual([]);
    expect(statuses(result.current)).toEqual(['s:SENT']);
  });
});
