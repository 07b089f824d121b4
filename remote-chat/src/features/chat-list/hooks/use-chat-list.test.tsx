import { act, waitFor } from '@testing-library/react';
import { renderHookWithQuery } from '../../../test/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Group } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { ana, bruno, conversation, group, lastMessage, message } from '../../../test/fixtures';
import { useChatList } from './use-chat-list';

const api = vi.hoisted(() => ({ getConversations: vi.fn(), listGroups: vi.fn() }));
vi.mock('@chat/api-client', () => ({ ...api, apiErrorMessage: (_: unknown, fallback: string) => fallback }));

/** Fetches the test answers when it chooses, with the lists as the server read them. */
function answerLater() {
  const waiting: Array<(lists: { conversations: Conversation[]; groups: Group[] }) => void> = [];
  const later = (pick: (lists: { conversations: Conversation[]; groups: Group[] }) => unknown) => () =>
    new Promise((resolve) => waiting.push((lists) => resolve({ status: 200, data: pick(lists) })));
  api.getConversations.mockImplementation(later((lists) => lists.conversations));
  api.listGroups.mockImplementation(later((lists) => lists.groups));
  return (lists: { conversations: Conversation[]; groups: Group[] }) =>
    act(async () => {
      waiting.splice(0).forEach((answer) => answer(lists));
      await Promise.resolve();
    });
}

const at = (minute: number) => `2024-03-10T12:${String(minute).padStart(2, '0')}:00.000Z`;
const fromDiego = (id: string, minute: number, extra = {}) => message(id, { createdAt: at(minute), updatedAt: at(minute), ...extra });

describe('useChatList: a fetch does not undo what came live while it was on its way', () => {
  afterEach(() => vi.clearAllMocks());

  it('counts and shows the messages that arrived during the fetch, once', async () => {
    const answer = answerLater();
    const { result } = renderHookWithQuery(() => useChatList(ana.id, null));
    const c1 = conversation('c1', { lastMessage: lastMessage(at(1)), unreadMessages: 1 });
    const g1 = group('g1', { lastMessage: lastMessage(at(1), { id: 'g-old' }), unreadMessages: 0 });
    await answer({ conversations: [c1], groups: [g1] });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.conversations[0]!.unreadMessages).toBe(1);

    // The live connection's catch-up fetches again; three messages arrive before it answers,
    // the first of them before the server read the lists (so the answer holds it already).
    act(() => result.current.reload());
    act(() => {
      eventBus.emit('message', fromDiego('m2', 2));
      eventBus.emit('message', fromDiego('m3', 3));
      eventBus.emit('message', fromDiego('g2', 3, { conversationId: null, groupId: 'g1' }));
    });
    // The cache tells its readers on the next tick.
    await waitFor(() => expect(result.current.conversations[0]!.unreadMessages).toBe(3));
    await answer({
      conversations: [{ ...c1, lastMessage: lastMessage(at(2), { id: 'm2' }), unreadMessages: 2 }],
      groups: [g1],
    });

    await waitFor(() => expect(result.current.conversations[0]!.lastMessage?.id).toBe('m3'));
    expect(result.current.conversations[0]!.unreadMessages).toBe(3);
    expect(result.current.groups[0]!.lastMessage?.id).toBe('g2');
    expect(result.current.groups[0]!.unreadMessages).toBe(1);

    // A fetch with nothing live meanwhile is taken as it comes.
    act(() => result.current.reload());
    await answer({ conversations: [{ ...c1, lastMessage: lastMessage(at(3), { id: 'm3' }), unreadMessages: 0 }], groups: [g1] });
    await waitFor(() => expect(result.current.conversations[0]!.unreadMessages).toBe(0));
    expect(result.current.groups[0]!.lastMessage?.id).toBe('g-old');
  });
});

describe('useChatList: a message heard twice counts once', () => {
  afterEach(() => vi.clearAllMocks());

  it('a replayed send, before and after the catch-up fetch, adds one to the unread count', async () => {
    const answer = answerLater();
    const { result } = renderHookWithQuery(() => useChatList(ana.id, null));
    const c1 = conversation('c1', { lastMessage: lastMessage(at(1)), unreadMessages: 0 });
    const g1 = group('g1', { lastMessage: lastMessage(at(1), { id: 'g-old' }), unreadMessages: 0 });
    await answer({ conversations: [c1], groups: [g1] });
    await waitFor(() => expect(result.current.loading).toBe(false));

    const m2 = fromDiego('m2', 2);
    const g2 = fromDiego('g2', 2, { conversationId: null, groupId: 'g1' });
    act(() => {
      eventBus.emit('message', m2);
      eventBus.emit('message', g2);
      eventBus.emit('message', m2);
      eventBus.emit('message', g2);
    });
    await waitFor(() => expect(result.current.conversations[0]!.unreadMessages).toBe(1));
    expect(result.current.groups[0]!.unreadMessages).toBe(1);

    // The server asks for a catch-up (sync:required, announced as a reconnect); the replay comes again meanwhile and after.
    act(() => eventBus.emit('socket:reconnected', undefined));
    act(() => eventBus.emit('message', m2));
    await answer({
      conversations: [{ ...c1, lastMessage: lastMessage(at(2), { id: 'm2' }), unreadMessages: 1 }],
      groups: [{ ...g1, lastMessage: lastMessage(at(2), { id: 'g2' }), unreadMessages: 1 }],
    });
    act(() => {
      eventBus.emit('message', m2);
      eventBus.emit('message', g2);
    });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.conversations[0]!.unreadMessages).toBe(1);
    expect(result.current.groups[0]!.unreadMessages).toBe(1);
  });
});

describe('useChatList: the open chat as the first fetch found it', () => {
  afterEach(() => vi.clearAllMocks());

  it('keeps the count of the first answer when a catch-up answers the chat read by its opening', async () => {
    const answer = answerLater();
    const { result } = renderHookWithQuery(() => useChatList(ana.id, 'c1'));
    const c1 = conversation('c1', { lastMessage: lastMessage(at(1)), unreadMessages: 5 });
    await answer({ conversations: [c1], groups: [] });
    await waitFor(() => expect(result.current.fetchedOpenUnread).toEqual({ id: 'c1', unread: 5 }));
    // The list itself shows the open chat read.
    await waitFor(() => expect(result.current.conversations[0]!.unreadMessages).toBe(0));

    act(() => eventBus.emit('socket:reconnected', undefined));
    await answer({ conversations: [{ ...c1, unreadMessages: 0 }], groups: [] });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.fetchedOpenUnread).toEqual({ id: 'c1', unread: 5 });
  });
});

describe("useChatList: a group's unread count", () => {
  afterEach(() => vi.clearAllMocks());

  it("comes with the list, grows with others' messages unless the group is open, and clears on my read in any tab", async () => {
    const answer = answerLater();
    const { result } = renderHookWithQuery(() => useChatList(ana.id, 'g2', 'group'));
    const g1 = group('g1', { lastMessage: lastMessage(at(1), { id: 'g1-old' }), unreadMessages: 3 });
    const g2 = group('g2', { lastMessage: lastMessage(at(1), { id: 'g2-old' }), unreadMessages: 5 });
    await answer({ conversations: [], groups: [g1, g2] });
    await waitFor(() => expect(result.current.loading).toBe(false));
    const unread = () => result.current.groups.map((g) => [g.id, g.unreadMessages]);
    // The open group reads 0 at once; its count at opening is kept for its 'Mensagens não lidas' line.
    expect(unread()).toEqual([
      ['g1', 3],
      ['g2', 0],
    ]);
    expect(result.current.fetchedOpenUnread).toEqual({ id: 'g2', unread: 5 });

    act(() => {
      eventBus.emit('message', fromDiego('g1-m2', 2, { conversationId: null, groupId: 'g1' }));
      eventBus.emit('message', fromDiego('g2-m2', 2, { conversationId: null, groupId: 'g2' }));
    });
    await waitFor(() =>
      expect(unread()).toEqual([
        ['g1', 4],
        ['g2', 0],
      ]),
    );

    // Someone else's read of the group changes nothing here; mine, from another tab, clears it.
    const receipt = (userIds: string[]) => ({ groupId: 'g1', userIds, status: 'READ' as const, at: at(3), completedIds: [] });
    act(() => eventBus.emit('message:receipt', receipt([bruno.id])));
    expect(unread()).toEqual([
      ['g1', 4],
      ['g2', 0],
    ]);
    act(() => eventBus.emit('message:receipt', receipt([ana.id])));
    await waitFor(() =>
      expect(unread()).toEqual([
        ['g1', 0],
        ['g2', 0],
      ]),
    );
  });
});
