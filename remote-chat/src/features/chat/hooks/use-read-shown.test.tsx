import { act } from '@testing-library/react';
import { renderHookWithQuery } from '../../../test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventBus, type SocketEmitRequest } from '@chat/event-bus';
import { message } from '../../../test/fixtures';
import type { ChatMessage } from '../lib/merge-messages';
import { READ_WINDOW_MS } from '../lib/read-coalescer';
import { useGroupReceipts } from './use-group-receipts';
import { newestToRead } from './use-read-shown';

let emitted: SocketEmitRequest[] = [];
const record = (request: SocketEmitRequest) => emitted.push(request);
const inGroup = (id: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  ...message(id, { conversationId: null, groupId: 'g1' }),
  ...extra,
});
const readUpTo = (lastMessageId: string, groupId = 'g1') => ({ event: 'group:read', payload: { groupId, lastMessageId } });

describe('newestToRead', () => {
  it('is the newest message of others the server has: not mine, a send in progress, failed, refused or uploading', () => {
    expect(newestToRead([], 'me')).toBeNull();
    expect(newestToRead([inGroup('a'), inGroup('p', { status: 'PENDING' })], 'me')).toBe('a');
    expect(newestToRead([inGroup('a'), inGroup('mine', { authorId: 'me' })], 'me')).toBe('a');
    expect(
      newestToRead(
        [
          inGroup('a'),
          inGroup('b'),
          inGroup('f', { failed: true }),
          inGroup('r', { refused: { reason: null } }),
          inGroup('u', { upload: { previewUrl: 'blob:x', progress: 40 } }),
        ],
        'me',
      ),
    ).toBe('b');
  });
});

describe('reading an open group (useGroupReceipts)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    emitted = [];
    eventBus.on('socket:emit', record);
  });
  afterEach(() => {
    eventBus.off('socket:emit', record);
    vi.useRealTimers();
  });

  const open = (list: ChatMessage[], groupId: string | null = 'g1') =>
    renderHookWithQuery(({ list: messages, id }) => useGroupReceipts(id, 'me', messages), { initialProps: { list, id: groupId } });

  it('reads up to the newest message shown: on opening, on each newer one, after a reconnect', () => {
    const { rerender } = open([]);
    expect(emitted).toEqual([]);
    rerender({ list: [inGroup('a'), inGroup('b')], id: 'g1' });
    expect(emitted).toEqual([readUpTo('b')]);
    // Within a second of the first, the next reads wait and go as one, the newest shown.
    rerender({ list: [inGroup('a'), inGroup('b'), inGroup('c')], id: 'g1' });
    act(() => eventBus.emit('socket:reconnected'));
    expect(emitted).toEqual([readUpTo('b')]);
    act(() => {
      vi.advanceTimersByTime(READ_WINDOW_MS);
    });
    expect(emitted).toEqual([readUpTo('b'), readUpTo('c')]);
  });

  it('many messages arriving within a second cost one read; leaving the group sends the one waiting', () => {
    const list = [inGroup('a')];
    const { rerender } = open(list);
    for (const id of ['b', 'c', 'd']) {
      list.push(inGroup(id));
      rerender({ list: [...list], id: 'g1' });
    }
    expect(emitted).toEqual([readUpTo('a')]);
    rerender({ list: [inGroup('z', { groupId: 'g2' })], id: 'g2' });
    expect(emitted).toEqual([readUpTo('a'), readUpTo('d'), readUpTo('z', 'g2')]);
  });

  it('hiding the page sends the waiting read at once', () => {
    const { rerender } = open([inGroup('a')]);
    rerender({ list: [inGroup('a'), inGroup('b')], id: 'g1' });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(emitted).toEqual([readUpTo('a'), readUpTo('b')]);
  });

  it('a message arriving on the bus but not shown (a window scrolled back holds it) is not read', () => {
    open([inGroup('a')]);
    emitted = [];
    act(() => eventBus.emit('message', inGroup('x')));
    expect(emitted).toEqual([]);
  });

  it('another group reads its own; a conversation reads nothing here', () => {
    const { rerender } = open([inGroup('a')]);
    rerender({ list: [inGroup('z', { groupId: 'g2' })], id: 'g2' });
    rerender({ list: [message('k')], id: null });
    expect(emitted).toEqual([readUpTo('a'), readUpTo('z', 'g2')]);
  });
});
