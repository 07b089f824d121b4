import { act } from '@testing-library/react';
import { renderHookWithQuery } from '../../../test/render';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventBus, type SocketEmitRequest } from '@chat/event-bus';
import { message } from '../../../test/fixtures';
import type { ChatMessage } from '../lib/merge-messages';
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
    emitted = [];
    eventBus.on('socket:emit', record);
  });
  afterEach(() => eventBus.off('socket:emit', record));

  const open = (list: ChatMessage[], groupId: string | null = 'g1') =>
    renderHookWithQuery(({ list: messages, id }) => useGroupReceipts(id, 'me', messages), { initialProps: { list, id: groupId } });

  it('reads up to the newest message shown: on opening, on each newer one, after a reconnect', () => {
    const { rerender } = open([]);
    expect(emitted).toEqual([]);
    rerender({ list: [inGroup('a'), inGroup('b')], id: 'g1' });
    expect(emitted).toEqual([readUpTo('b')]);
    rerender({ list: [inGroup('a'), inGroup('b'), inGroup('c')], id: 'g1' });
    act(() => eventBus.emit('socket:reconnected'));
    expect(emitted).toEqual([readUpTo('b'), readUpTo('c'), readUpTo('c')]);
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
