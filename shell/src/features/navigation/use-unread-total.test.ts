import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { useUnreadTotal } from './use-unread-total';

const message = (authorId: string, conversationId: string | null, type = 'text') =>
  ({ id: crypto.randomUUID(), authorId, conversationId, groupId: conversationId ? null : 'g1', content: { type } }) as Message;

afterEach(() => eventBus.all.clear());

describe('useUnreadTotal', () => {
  it("takes remote-chat's total, and counts others' messages, of conversations and groups, while the list is not shown", () => {
    const { result, rerender } = renderHook(({ shown }) => useUnreadTotal('me', shown), { initialProps: { shown: true } });
    act(() => eventBus.emit('chat:unread-total', { count: 2 }));
    expect(result.current).toBe(2);
    // On the chat list, remote-chat's own total is the figure: the shell adds nothing.
    act(() => eventBus.emit('message', message('bruno', 'c1')));
    expect(result.current).toBe(2);

    rerender({ shown: false });
    act(() => {
      eventBus.emit('message', message('bruno', 'c1'));
      eventBus.emit('message', message('me', 'c1'));
      eventBus.emit('message', message('bruno', null));
      eventBus.emit('message', message('bruno', null, 'image'));
      // A line nobody writes (the product's own) is never unread.
      eventBus.emit('message', message('bruno', null, 'system'));
    });
    expect(result.current).toBe(5);

    rerender({ shown: true });
    act(() => eventBus.emit('chat:unread-total', { count: 0 }));
    expect(result.current).toBe(0);
  });
});
