import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQuery } from '../../../test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ana, conversation, group, lastMessage } from '../../../test/fixtures';
import type { ChatListState } from '../hooks/use-chat-list';
import { ChatSidebar, EMPTY_LIST_TEXT, LIST_FAILED_TEXT } from './chat-sidebar';

const api = vi.hoisted(() => ({ searchConversations: vi.fn(), searchGroups: vi.fn(), searchMessages: vi.fn() }));
vi.mock('@chat/api-client', () => ({ ...api, apiErrorMessage: (_: unknown, fallback: string) => fallback }));

function listState(extra: Partial<ChatListState> = {}): ChatListState {
  return {
    conversations: [],
    groups: [],
    frontiers: { conversations: null, groups: null },
    loading: false,
    loadingMore: false,
    loadMore: vi.fn(),
    failed: false,
    reload: vi.fn(),
    upsertConversation: vi.fn(),
    upsertGroup: vi.fn(),
    applyMessage: vi.fn(),
    markRead: vi.fn(),
    fetchedOpenUnread: null,
    openPending: false,
    ...extra,
  };
}

const search = () => screen.getByPlaceholderText('Buscar conversa');

describe('chat sidebar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    api.searchConversations.mockResolvedValue({ status: 200, data: [] });
    api.searchGroups.mockResolvedValue({ status: 200, data: [] });
    api.searchMessages.mockResolvedValue({ status: 200, data: { hits: [], nextCursor: null } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('shows the empty-state text when there is no chat', () => {
    renderWithQuery(<ChatSidebar meId={ana.id} list={listState()} activeId={null} onOpen={vi.fn()} />);
    expect(screen.getByText(EMPTY_LIST_TEXT)).toBeInTheDocument();
    expect(EMPTY_LIST_TEXT).toBe(
      'Você ainda não possui nenhuma conversa. Inicie uma nova conversa clicando no botão no canto superior direito desta tela.',
    );
  });

  it('offers the new-chat button under the empty-state text', () => {
    const onNew = vi.fn();
    renderWithQuery(<ChatSidebar meId={ana.id} list={listState()} activeId={null} onOpen={vi.fn()} onNew={onNew} />);
    fireEvent.click(screen.getByRole('button', { name: 'Nova conversa' }));
    expect(onNew).toHaveBeenCalledTimes(1);
  });

  it('says the list could not be loaded (never that there is no chat) and retries on request', () => {
    const list = listState({ failed: true });
    renderWithQuery(<ChatSidebar meId={ana.id} list={list} activeId={null} onOpen={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(LIST_FAILED_TEXT);
    expect(screen.queryByText(EMPTY_LIST_TEXT)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(list.reload).toHaveBeenCalledTimes(1);
  });

  it('draws a long list as a virtual one, shown down to where both lists are loaded, and asks for the next page at its end', () => {
    const ids = Array.from({ length: 300 }, (_, i) => `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`);
    const at = (i: number) => new Date(Date.parse('2024-03-10T12:00:00.000Z') - i * 60_000).toISOString();
    const conversations = ids.map((id, i) => conversation(id, { lastMessage: lastMessage(at(i * 2)) }));
    // Groups loaded down to an older time than the conversations: the conversations end first.
    const groups = [group('a0000000-0000-4000-8000-000000000000', { lastMessage: lastMessage(at(1000)) })];
    const loadMore = vi.fn();
    const list = listState({
      conversations,
      groups,
      frontiers: { conversations: { at: Date.parse(at(598)), id: ids[299]! }, groups: { at: Date.parse(at(1000)), id: groups[0]!.id } },
      loadMore,
    });
    renderWithQuery(<ChatSidebar meId={ana.id} list={list} activeId={null} onOpen={vi.fn()} />);
    const rows = within(screen.getByRole('list', { name: 'Conversas' })).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(80);
    expect(screen.queryByText('Projeto')).not.toBeInTheDocument();
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('asks for the next page of the list that ends first once its end is in view, and moves between entries with the arrow keys', () => {
    const at = (i: number) => new Date(Date.parse('2024-03-10T12:00:00.000Z') - i * 60_000).toISOString();
    const conversations = [0, 1, 2].map((i) =>
      conversation(`c000000${i}-0000-4000-8000-000000000000`, { lastMessage: lastMessage(at(i)) }),
    );
    const loadMore = vi.fn();
    const list = listState({
      conversations,
      frontiers: { conversations: { at: Date.parse(at(2)), id: conversations[2]!.id }, groups: null },
      loadMore,
    });
    renderWithQuery(<ChatSidebar meId={ana.id} list={list} activeId={null} onOpen={vi.fn()} />);
    expect(loadMore).toHaveBeenCalledWith(['conversations']);
    const buttons = within(screen.getByRole('list', { name: 'Conversas' })).getAllByRole('button');
    expect(buttons).toHaveLength(3);
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.keyDown(buttons[1]!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('lists entries with preview and opens the clicked one', () => {
    const onOpen = vi.fn();
    const list = listState({
      conversations: [conversation('c1', { lastMessage: lastMessage('2024-03-10T10:00:00.000Z') })],
      groups: [group('g1')],
    });
    renderWithQuery(<ChatSidebar meId={ana.id} list={list} activeId={null} onOpen={onOpen} />);
    expect(screen.getByText('Bruno')).toBeInTheDocument();
    expect(screen.getByText('Seja o primeiro a enviar uma mensagem')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Projeto'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'g1', kind: 'group' }));
  });

  it("draws a group's unread count as a conversation's: the same badge, '99+' past 99, the row in bold", () => {
    const list = listState({
      conversations: [conversation('c1', { lastMessage: lastMessage('2024-03-10T10:00:00.000Z'), unreadMessages: 2 })],
      groups: [
        group('g1', { lastMessage: lastMessage('2024-03-10T09:00:00.000Z'), unreadMessages: 3 }),
        group('g2', { name: 'Todos', lastMessage: lastMessage('2024-03-10T08:00:00.000Z'), unreadMessages: 100 }),
        group('g3', { name: 'Lido', lastMessage: lastMessage('2024-03-10T07:00:00.000Z'), unreadMessages: 0 }),
      ],
    });
    renderWithQuery(<ChatSidebar meId={ana.id} list={list} activeId={null} onOpen={vi.fn()} />);
    const row = (name: string) => screen.getByText(name).closest('button')!;
    const badge = (name: string) => within(row(name)).queryByLabelText(/não lidas$/);
    expect(badge('Bruno')).toHaveTextContent('2');
    expect(badge('Projeto')).toHaveTextContent('3');
    expect(badge('Projeto')).toHaveAttribute('aria-label', '3 não lidas');
    expect(badge('Projeto')!.className).toBe(badge('Bruno')!.className);
    expect(badge('Todos')).toHaveTextContent('99+');
    expect(badge('Lido')).toBeNull();
    expect(['Bruno', 'Projeto', 'Todos', 'Lido'].map((name) => row(name).hasAttribute('data-unread'))).toEqual([true, true, true, false]);
  });

  it('hides the filters from 2 characters and searches after 500 ms', async () => {
    api.searchConversations.mockResolvedValue({
      status: 200,
      data: [
        conversation('c9', { lastMessage: lastMessage('2024-03-10T10:00:00.000Z', { content: { body: 'reunião amanhã', type: 'text' } }) }),
      ],
    });
    renderWithQuery(<ChatSidebar meId={ana.id} list={listState({ groups: [group('g1')] })} activeId={null} onOpen={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Pessoas' })).toBeInTheDocument();

    fireEvent.change(search(), { target: { value: 'r' } });
    expect(screen.getByRole('button', { name: 'Grupos' })).toBeInTheDocument();
    fireEvent.change(search(), { target: { value: 're' } });
    expect(screen.queryByRole('button', { name: 'Todas' })).toBeNull();

    await act(async () => vi.advanceTimersByTime(499));
    expect(api.searchConversations).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(api.searchConversations).toHaveBeenCalledExactlyOnceWith('re');
    expect(api.searchGroups).toHaveBeenCalledExactlyOnceWith('re');
    expect(screen.getByText('reunião amanhã')).toBeInTheDocument();
    expect(screen.queryByText('Projeto')).toBeNull();
  });

  it('filters people and groups', () => {
    const list = listState({
      conversations: [conversation('c1', { lastMessage: lastMessage('2024-03-10T10:00:00.000Z') })],
      groups: [group('g1')],
    });
    renderWithQuery(<ChatSidebar meId={ana.id} list={list} activeId={null} onOpen={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Grupos' }));
    expect(screen.queryByText('Bruno')).toBeNull();
    expect(screen.getByText('Projeto')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pessoas' }));
    expect(screen.getByText('Bruno')).toBeInTheDocument();
    expect(screen.queryByText('Projeto')).toBeNull();
  });

  it('lists message hits below the chats, with the matching words marked, and opens the chosen one', async () => {
    const hit = {
      id: 'm1',
      chat: { kind: 'group', id: 'g1', name: 'Projeto', avatarUrl: null, peerId: null },
      author: { id: 'u2', name: 'Bruno', avatarUrl: null },
      createdAt: '2024-03-10T10:00:00.000Z',
      body: 'A *Reunião* de amanhã',
    };
    api.searchMessages.mockResolvedValue({ status: 200, data: { hits: [hit], nextCursor: null } });
    const onOpenMessage = vi.fn();
    renderWithQuery(<ChatSidebar meId={ana.id} list={listState()} activeId={null} onOpen={vi.fn()} onOpenMessage={onOpenMessage} />);
    fireEvent.change(search(), { target: { value: 'reuniao' } });
    await act(async () => vi.advanceTimersByTime(500));
    expect(api.searchMessages).toHaveBeenCalledExactlyOnceWith('reuniao');
    const results = screen.getByRole('region', { name: 'Mensagens encontradas' });
    // Formatting markers are not shown; the accented word is marked for the plain term.
    expect(results.querySelector('mark')).toHaveTextContent('Reunião');
    expect(results).toHaveTextContent('Bruno: A Reunião de amanhã');
    expect(screen.queryByText('Nenhuma conversa encontrada')).toBeNull();
    fireEvent.click(screen.getByTestId('message-hit'));
    expect(onOpenMessage).toHaveBeenCalledWith(hit);
  });
});
