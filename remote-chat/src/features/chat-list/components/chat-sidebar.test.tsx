import { act, fireEvent, screen } from '@testing-library/react';
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

  it('says the list could not be loaded (never that there is no chat) and retries on request', () => {
    const list = listState({ failed: true });
    renderWithQuery(<ChatSidebar meId={ana.id} list={list} activeId={null} onOpen={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(LIST_FAILED_TEXT);
    expect(screen.queryByText(EMPTY_LIST_TEXT)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(list.reload).toHaveBeenCalledTimes(1);
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
