import { act } from '@testing-library/react';
import { renderHookWithQuery } from '../../../test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventBus, type SocketEmitRequest } from '@chat/event-bus';
import { useTypingEmitter } from './use-typing-emitter';

const CONVERSATION = '22222222-2222-4222-8222-222222222222';
const PEER = '33333333-3333-4333-8333-333333333333';

let emitted: SocketEmitRequest[] = [];
const record = (request: SocketEmitRequest) => emitted.push(request);
const typingFlags = () => emitted.filter((r) => r.event === 'user:typing').map((r) => r.payload.isTyping);

describe('useTypingEmitter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    emitted = [];
    eventBus.on('socket:emit', record);
  });
  afterEach(() => {
    eventBus.off('socket:emit', record);
    vi.useRealTimers();
  });

  it('emits user:typing to the other participant: start on the first keystroke, stop 2000 ms later', () => {
    const { result } = renderHookWithQuery(() => useTypingEmitter(CONVERSATION, PEER));
    act(() => result.current.input('o'));
    act(() => result.current.input('oi'));
    expect(emitted).toEqual([{ event: 'user:typing', payload: { conversationId: CONVERSATION, isTyping: true, targetUsersIds: [PEER] } }]);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(typingFlags()).toEqual([true, false]);
  });

  it('stops on send and when the chat is left', () => {
    const { result, unmount } = renderHookWithQuery(() => useTypingEmitter(CONVERSATION, PEER));
    act(() => result.current.input('a'));
    act(() => result.current.stop());
    act(() => result.current.input('b'));
    unmount();
    expect(typingFlags()).toEqual([true, false, true, false]);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(typingFlags()).toHaveLength(4);
  });

  it('stops when the tab is closed (pagehide)', () => {
    const { result } = renderHookWithQuery(() => useTypingEmitter(CONVERSATION, PEER));
    act(() => result.current.input('a'));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(typingFlags()).toEqual([true, false]);
  });

  it('stops for the old chat when the route changes to another one', () => {
    const { result, rerender } = renderHookWithQuery(({ id }) => useTypingEmitter(id, PEER), { initialProps: { id: CONVERSATION } });
    act(() => result.current.input('a'));
    rerender({ id: '44444444-4444-4444-8444-444444444444' });
    expect(emitted.at(-1)).toEqual({
      event: 'user:typing',
      payload: { conversationId: CONVERSATION, isTyping: false, targetUsersIds: [PEER] },
    });
  });

  it('emits nothing in groups', () => {
    const { result } = renderHookWithQuery(() => useTypingEmitter(null, null));
    act(() => result.current.input('a'));
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(emitted).toEqual([]);
  });
});
