import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatSummary } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { group, message } from '../../test/fixtures';
import { renderHookWithQuery } from '../../test/render';
import { useChatSummary } from './use-chat-summary';
import { usePublishMutedChats, usePublishUnreadTotal } from './use-publish-unread-total';

const api = vi.hoisted(() => ({ getChatSummary: vi.fn() }));
vi.mock('@chat/api-client', () => api);

// The sidebar loads its chats a page at a time; the badge and the silenced chats the shell
// leaves out of its notifications come from the server's summary of the whole list instead.

const ME = '00000000-0000-4000-8000-000000000001';
const summary = (over: Partial<ChatSummary> = {}): ChatSummary => ({
  unreadChats: 500,
  unreadMessages: 730,
  mutedConversationIds: ['c-antiga'],
  mutedGroupIds: ['g-antigo'],
  ...over,
});

function publishing(openId: string | null = null) {
  const totals: number[] = [];
  const muted: string[][] = [];
  const offs = [
    subscribe(eventBus, 'chat:unread-total', ({ count }) => totals.push(count)),
    subscribe(eventBus, 'chat:muted-chats', ({ ids }) => muted.push(ids)),
  ];
  const view = renderHookWithQuery(() => {
    const s = useChatSummary(ME, openId);
    usePublishUnreadTotal(s);
    usePublishMutedChats(s);
  });
  return { totals, muted, unmount: () => (view.unmount(), offs.forEach((off) => off())) };
}

describe('the unread badge and the silenced chats', () => {
  afterEach(() => vi.clearAllMocks());

  it('count the chats the sidebar has not loaded, and say nothing before the answer', async () => {
    let answer!: (value: unknown) => void;
    api.getChatSummary.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const p = publishing();
    expect(p.totals).toEqual([]);
    expect(p.muted).toEqual([]);
    await act(async () => answer({ status: 200, data: summary() }));
    await waitFor(() => expect(p.totals).toEqual([730]));
    expect(p.muted).toEqual([['c-antiga', 'g-antigo']]);
    p.unmount();
  });

  it('ask again after a message from someone else, a read, a silence or a reconnect, once for a burst', async () => {
    api.getChatSummary
      .mockResolvedValueOnce({ status: 200, data: summary() })
      .mockResolvedValue({ status: 200, data: summary({ unreadMessages: 733 }) });
    const p = publishing();
    await waitFor(() => expect(p.totals).toEqual([730]));
    act(() => {
      eventBus.emit('message', message('m1', { conversationId: 'c-antiga' }));
      eventBus.emit('message', message('m2', { conversationId: 'c-antiga' }));
      eventBus.emit('message', message('m3', { conversationId: 'c-antiga' }));
    });
    await waitFor(() => expect(p.totals).toEqual([730, 733]));
    expect(api.getChatSummary).toHaveBeenCalledTimes(2);
    act(() => eventBus.emit('socket:reconnected', undefined));
    await waitFor(() => expect(api.getChatSummary).toHaveBeenCalledTimes(3));
    p.unmount();
  });

  it('leave my own messages and those of the open chat to the read that follows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.getChatSummary.mockResolvedValue({ status: 200, data: summary() });
    const p = publishing('c-aberta');
    await waitFor(() => expect(p.totals).toEqual([730]));
    act(() => {
      eventBus.emit('message', message('m4', { authorId: ME }));
      eventBus.emit('message', message('m5', { conversationId: 'c-aberta' }));
    });
    await act(async () => vi.advanceTimersByTimeAsync(1000));
    expect(api.getChatSummary).toHaveBeenCalledTimes(1);
    p.unmount();
    vi.useRealTimers();
  });

  it("count groups too: ask again on my read of a group in any tab, my post in one, leaving one; not on another's read", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    api.getChatSummary.mockResolvedValue({ status: 200, data: summary() });
    const p = publishing('g-aberto');
    await waitFor(() => expect(p.totals).toEqual([730]));
    const asked = async () => {
      await act(async () => vi.advanceTimersByTimeAsync(1000));
      return api.getChatSummary.mock.calls.length;
    };
    const receipt = (userIds: string[]) => ({
      groupId: 'g1',
      userIds,
      status: 'READ' as const,
      at: '2024-03-10T12:00:00.000Z',
      completedIds: [],
    });
    const inGroup = (id: string, extra = {}) => message(id, { conversationId: null, groupId: 'g1', ...extra });

    act(() => eventBus.emit('message', inGroup('g-m1')));
    expect(await asked()).toBe(2);
    act(() => eventBus.emit('message:receipt', receipt([ME])));
    expect(await asked()).toBe(3);
    // Posting reads the group.
    act(() => eventBus.emit('message', inGroup('g-m2', { authorId: ME })));
    expect(await asked()).toBe(4);
    act(() =>
      eventBus.emit('group::updated', {
        ...group('g1'),
        memberCount: 2,
        adminCount: 1,
        admins: [],
        change: { kind: 'memberRemoved', memberId: ME },
      }),
    );
    expect(await asked()).toBe(5);

    // Another member's read, a message in the open group, a line of a type nobody writes: nothing to ask.
    act(() => {
      eventBus.emit('message:receipt', receipt(['u-bruno']));
      eventBus.emit('message', message('g-m3', { conversationId: null, groupId: 'g-aberto' }));
      const line = inGroup('g-m4');
      eventBus.emit('message', { ...line, content: { ...line.content, type: 'system' as never } });
    });
    expect(await asked()).toBe(5);
    p.unmount();
    vi.useRealTimers();
  });
});
