import { act } from '@testing-library/react';
import { renderHookWithQuery } from '../../../test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventBus } from '@chat/event-bus';
import { usePeerTyping } from './use-peer-typing';

const CONVERSATION = '22222222-2222-4222-8222-222222222222';
const PEER = '33333333-3333-4333-8333-333333333333';
const signal = (isTyping: boolean, userId = PEER) =>
  act(() => eventBus.emit('user:typing:response', { conversationId: CONVERSATION, userId, isTyping }));

describe("usePeerTyping: 'Digitando...' never outlives a lost stop signal", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('clears by itself 6 s after the last start signal', () => {
    const { result } = renderHookWithQuery(() => usePeerTyping(CONVERSATION, PEER));
    signal(true);
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(5999);
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(false);
  });

  it('stays while the writer keeps repeating the start, and counts 6 s from the last one', () => {
    const { result } = renderHookWithQuery(() => usePeerTyping(CONVERSATION, PEER));
    signal(true);
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    signal(true);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current).toBe(false);
  });

  it('a stop clears at once and its timer does not turn a later start off early', () => {
    const { result } = renderHookWithQuery(() => usePeerTyping(CONVERSATION, PEER));
    signal(true);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    signal(false);
    expect(result.current).toBe(false);
    signal(true);
    act(() => {
      vi.advanceTimersByTime(2500);
    });
    expect(result.current).toBe(true);
  });

  it('ignores other users, and leaves no timer behind when the chat closes', () => {
    const { result, unmount } = renderHookWithQuery(() => usePeerTyping(CONVERSATION, PEER));
    signal(true, '44444444-4444-4444-8444-444444444444');
    expect(result.current).toBe(false);
    signal(true);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
