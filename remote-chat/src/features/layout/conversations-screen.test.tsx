import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQuery } from '../../test/render';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteAppProps } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { ana, conversation, lastMessage } from '../../test/fixtures';
import { ConversationsScreen } from './conversations-screen';

const api = vi.hoisted(() => ({
  getConversations: vi.fn(),
  listGroups: vi.fn(),
  getChatSummary: vi.fn(() => new Promise(() => undefined)),
}));
vi.mock('@chat/api-client', () => ({ ...api, apiErrorMessage: (_: unknown, fallback: string) => fallback }));

// The chat's view stands in as the count it was given: what this screen owes it is the list's
// count at the moment the chat was opened, whatever the list does afterwards. Every count given
// is kept too: the real view keeps the first one that is not undefined.
const given = vi.hoisted(() => [] as Array<number | undefined>);
vi.mock('./chat-area', () => ({
  ChatArea: ({ unreadAtOpen }: { unreadAtOpen?: number }) => {
    given.push(unreadAtOpen);
    return <p data-testid="unread-at-open">{String(unreadAtOpen)}</p>;
  },
}));

function renderAt(path: string) {
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/auth/conversations/:id?/:type?" element={<ConversationsScreen {...props} />} />
      </Routes>
    </MemoryRouter>,
  );
}

const props = { basePath: '/auth/conversations', user: ana, flags: [], config: {}, headerSlot: null } as unknown as RemoteAppProps;

describe('conversations screen: the unread count the chat opens with', () => {
  afterEach(() => {
    vi.clearAllMocks();
    given.length = 0;
  });

  it('keeps the count the list had on opening when the list is fetched again before the chat mounts', async () => {
    const unread = conversation('c1', { unreadMessages: 40, lastMessage: lastMessage('2024-03-10T10:00:00.000Z') });
    api.getConversations.mockResolvedValue({ status: 200, data: [unread] });
    api.listGroups.mockResolvedValue({ status: 200, data: [] });
    renderAt('/auth/conversations');
    fireEvent.click(await screen.findByText('Bruno'));
    expect(await screen.findByTestId('unread-at-open')).toHaveTextContent('40');

    // The live connection's first catch-up fetches the list again: it clears the open chat's count.
    await act(async () => {
      eventBus.emit('socket:reconnected');
      await Promise.resolve();
    });
    expect(api.getConversations).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('unread-at-open')).toHaveTextContent('40');
  });

  it('gives a chat opened before the list loaded (a reload, a link) the count the list fetched, not the one it cleared', async () => {
    let answer: (value: unknown) => void = () => {};
    api.getConversations.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    api.listGroups.mockResolvedValue({ status: 200, data: [] });
    renderAt('/auth/conversations/c1/conversation');
    // Unknown while the list is on its way: the chat waits to place its line.
    expect(await screen.findByTestId('unread-at-open')).toHaveTextContent('undefined');
    await act(async () =>
      answer({ status: 200, data: [conversation('c1', { unreadMessages: 7, lastMessage: lastMessage('2024-03-10T10:00:00.000Z') })] }),
    );
    await waitFor(() => expect(screen.getByTestId('unread-at-open')).toHaveTextContent('7'));
    // The list itself shows the open chat read.
    expect(screen.queryByText('7')).toBe(screen.getByTestId('unread-at-open'));
  });

  it('gives a chat opened by its address the count of the first answer, not that of a catch-up asked while the groups were on their way', async () => {
    const chat = (unreadMessages: number) => conversation('c1', { unreadMessages, lastMessage: lastMessage('2024-03-10T10:00:00.000Z') });
    // The catch-up asks after the opening was read on the server: it answers the chat read.
    api.getConversations.mockResolvedValueOnce({ status: 200, data: [chat(7)] }).mockResolvedValue({ status: 200, data: [chat(0)] });
    let answerGroups: (value: unknown) => void = () => {};
    api.listGroups.mockReturnValue(new Promise((resolve) => (answerGroups = resolve)));
    renderAt('/auth/conversations/c1/conversation');
    await waitFor(() => expect(screen.getByTestId('unread-at-open')).toHaveTextContent('7'));

    await act(async () => {
      eventBus.emit('socket:reconnected');
      await Promise.resolve();
    });
    expect(api.getConversations).toHaveBeenCalledTimes(2);
    await act(async () => answerGroups({ status: 200, data: [] }));
    expect(screen.getByTestId('unread-at-open')).toHaveTextContent('7');
    expect(given.filter((count) => count !== undefined)).not.toContain(0);
  });
});
