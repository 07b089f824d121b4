import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatListCursor, type Conversation, type Group, LIMITS, parseChatListCursor } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { renderHookWithQuery } from '../../../test/render';
import { ana, bruno, conversation, group, lastMessage, message, user } from '../../../test/fixtures';
import { buildEntries, entriesUntilFrontier, listsToLoad } from '../lib/chat-entries';
import { compareKeys, listKeyOf } from '../lib/list-pages';
import { useChatList } from './use-chat-list';

const api = vi.hoisted(() => ({ getConversations: vi.fn(), listGroups: vi.fn(), getConversationById: vi.fn(), getGroupById: vi.fn() }));
vi.mock('@chat/api-client', () => ({ ...api, apiErrorMessage: (_: unknown, fallback: string) => fallback }));

const PAGE = LIMITS.chatListPageSize;
const BASE = Date.parse('2024-03-10T12:00:00.000Z');
/** Activity `i` seconds before BASE; every third shares its millisecond with the next (ties by id). */
const at = (i: number) => new Date(BASE - Math.floor(i / 3) * 1000 - (i % 3 === 2 ? 0 : i % 3)).toISOString();
const id = (prefix: string, i: number) => `${prefix}${String(i).padStart(7, '0')}-0000-4000-8000-000000000000`;

type Chat = Conversation | Group;
const keyOf = (c: Chat) => listKeyOf(chatListCursor(c))!;

/** A server holding these chats, answering pages as GET /conversation/get-conversations and /group/list do. */
function serve<T extends Chat>(all: T[]) {
  const sorted = [...all].sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
  return (page?: { limit: number; before?: string }) => {
    const before = page?.before ? parseChatListCursor(page.before) : null;
    const after = before ? sorted.filter((c) => compareKeys(keyOf(c), { at: before.at.getTime(), id: before.id }) > 0) : sorted;
    return Promise.resolve({ status: 200, data: page ? after.slice(0, page.limit) : after });
  };
}

function world(conversationCount: number, groupCount: number) {
  // Interleaved: the lists' activities mix, so the merged order takes from both, page after page.
  const people = Array.from({ length: conversationCount }, (_, i) => user(id('b', i), `Pessoa ${i}`));
  const conversations = people.map((other, i) =>
    conversation(id('c', i), { userTwoId: other.id, userTwo: other, lastMessage: lastMessage(at(i * 2)) }),
  );
  const groups = Array.from({ length: groupCount }, (_, i) =>
    group(id('a', i), { name: `Grupo ${i}`, lastMessage: lastMessage(at(i * 3 + 1)) }),
  );
  api.getConversations.mockImplementation((_showEmpty: boolean, page?: { limit: number; before?: string }) => serve(conversations)(page));
  api.listGroups.mockImplementation(serve(groups));
  return { conversations, groups, all: buildEntries(conversations, groups, ana.id, 'all') };
}

afterEach(() => vi.clearAllMocks());

describe('useChatList pages both lists and the merged list never skips or repeats a chat', () => {
  it('shows a prefix of the whole merged list after each page, and all of it at the end', async () => {
    const { all } = world(130, 70);
    const { result } = renderHookWithQuery(() => useChatList(ana.id, null));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(api.getConversations).toHaveBeenCalledWith(true, { limit: PAGE });
    expect(api.listGroups).toHaveBeenCalledWith({ limit: PAGE });

    let pages = 2;
    for (;;) {
      const { conversations, groups, frontiers } = result.current;
      const shown = entriesUntilFrontier(buildEntries(conversations, groups, ana.id, 'all'), frontiers, 'all');
      expect(shown.map((e) => e.id)).toEqual(all.slice(0, shown.length).map((e) => e.id));
      expect(shown.length).toBeGreaterThan(0);
      const next = listsToLoad(frontiers, 'all');
      if (next.length === 0) break;
      act(() => result.current.loadMore(next));
      pages += next.length;
      await waitFor(() => expect(result.current.loadingMore).toBe(false));
    }
    const { conversations, groups } = result.current;
    expect(buildEntries(conversations, groups, ana.id, 'all').map((e) => e.id)).toEqual(all.map((e) => e.id));
    // One request a page: 130 conversations and 70 groups in pages of 50.
    expect(pages).toBe(3 + 2);
    expect(api.getConversations).toHaveBeenCalledTimes(3);
    expect(api.listGroups).toHaveBeenCalledTimes(2);
  });

  it('under a filter, walks only the list it shows', async () => {
    const { conversations } = world(130, 70);
    const { result } = renderHookWithQuery(() => useChatList(ana.id, null));
    await waitFor(() => expect(result.current.loading).toBe(false));
    for (
      let next = listsToLoad(result.current.frontiers, 'people');
      next.length > 0;
      next = listsToLoad(result.current.frontiers, 'people')
    ) {
      expect(next).toEqual(['conversations']);
      act(() => result.current.loadMore(next));
      await waitFor(() => expect(result.current.loadingMore).toBe(false));
    }
    const { frontiers } = result.current;
    const shown = entriesUntilFrontier(
      buildEntries(result.current.conversations, result.current.groups, ana.id, 'people'),
      frontiers,
      'people',
    );
    expect(shown).toHaveLength(conversations.length);
    expect(api.listGroups).toHaveBeenCalledTimes(1);
  });
});

describe('useChatList: a message of a chat not loaded yet', () => {
  it('fetches that chat by id and shows it at the top, once, also when a later page holds it too', async () => {
    const { conversations } = world(130, 10);
    const old = conversations[120]!;
    const { result } = renderHookWithQuery(() => useChatList(ana.id, null));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.conversations.some((c) => c.id === old.id)).toBe(false);

    const newest = new Date(BASE + 60_000).toISOString();
    const live = message('m-live', { conversationId: old.id, createdAt: newest, updatedAt: newest, authorId: old.userTwoId });
    api.getConversationById.mockResolvedValue({
      status: 200,
      data: { ...old, lastMessage: lastMessage(newest, { id: 'm-live' }), unreadMessages: 1 },
    });
    act(() => {
      eventBus.emit('message', live);
      // Heard twice (a replay): counted once.
      eventBus.emit('message', live);
    });
    await waitFor(() => expect(result.current.conversations.some((c) => c.id === old.id)).toBe(true));
    expect(api.getConversationById).toHaveBeenCalledTimes(1);
    const { conversations: loaded, groups, frontiers } = result.current;
    const shown = entriesUntilFrontier(buildEntries(loaded, groups, ana.id, 'all'), frontiers, 'all');
    expect(shown[0]).toMatchObject({ id: old.id, unread: 1 });

    // The server's next pages still hold it where it was (it answered before the message): not twice.
    while (result.current.frontiers.conversations) {
      act(() => result.current.loadMore(['conversations']));
      await waitFor(() => expect(result.current.loadingMore).toBe(false));
    }
    expect(result.current.conversations.filter((c) => c.id === old.id)).toHaveLength(1);
    expect(result.current.conversations.find((c) => c.id === old.id)!.lastMessage?.createdAt).toBe(newest);
    // Nothing else was fetched again for it.
    expect(api.getConversations).toHaveBeenCalledTimes(3);
  });
});

describe('useChatList loads its lists once', () => {
  it('asks each list once on mount; the live connection coming up asks nothing; a catch-up (reconnect, sync:required) asks the first pages again', async () => {
    world(60, 60);
    const { result } = renderHookWithQuery(() => useChatList(ana.id, null));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(api.getConversations).toHaveBeenCalledTimes(1);
    expect(api.listGroups).toHaveBeenCalledTimes(1);

    // The socket's first connect (socket-connection.ts, loadedSince) is only a status change.
    act(() => eventBus.emit('socket:status', { status: 'connected' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.getConversations).toHaveBeenCalledTimes(1);
    expect(api.listGroups).toHaveBeenCalledTimes(1);

    act(() => eventBus.emit('socket:reconnected', undefined));
    await waitFor(() => expect(api.getConversations).toHaveBeenCalledTimes(2));
    expect(api.listGroups).toHaveBeenCalledTimes(2);
    expect(api.getConversations).toHaveBeenLastCalledWith(true, { limit: PAGE });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.conversations).toHaveLength(PAGE);
  });

  it('a message of bruno in a loaded chat changes it in place, without any request', async () => {
    world(60, 5);
    const { result } = renderHookWithQuery(() => useChatList(ana.id, null));
    await waitFor(() => expect(result.current.loading).toBe(false));
    const first = result.current.conversations[3]!;
    const later = new Date(BASE + 1000).toISOString();
    act(() =>
      eventBus.emit('message', message('m-in', { conversationId: first.id, createdAt: later, updatedAt: later, authorId: bruno.id })),
    );
    await waitFor(() => expect(result.current.conversations.find((c) => c.id === first.id)!.unreadMessages).toBe(1));
    expect(api.getConversationById).not.toHaveBeenCalled();
    expect(api.getConversations).toHaveBeenCalledTimes(1);
  });
});

describe('useChatList: an open chat older than the first pages', () => {
  it('is fetched by id for its unread count at opening, and the list shows it read', async () => {
    const { conversations } = world(130, 5);
    const old = { ...conversations[110]!, unreadMessages: 4 };
    api.getConversationById.mockResolvedValue({ status: 200, data: old });
    const { result } = renderHookWithQuery(() => useChatList(ana.id, old.id, 'conversation'));
    await waitFor(() => expect(result.current.fetchedOpenUnread).toEqual({ id: old.id, unread: 4 }));
    await waitFor(() => expect(result.current.openPending).toBe(false));
    expect(api.getConversationById).toHaveBeenCalledTimes(1);
    expect(result.current.conversations.find((c) => c.id === old.id)?.unreadMessages).toBe(0);
  });
});
