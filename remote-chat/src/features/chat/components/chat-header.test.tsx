import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithQuery } from '../../../test/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventBus, type SocketEmitRequest } from '@chat/event-bus';
import { ana, bruno, conversation, group } from '../../../test/fixtures';
import { ChatHeader, TYPING_TEXT } from './chat-header';

let emitted: SocketEmitRequest[] = [];
const record = (request: SocketEmitRequest) => emitted.push(request);

const renderConversation = () =>
  renderWithQuery(<ChatHeader target={{ kind: 'conversation', conversation: conversation('c1') }} meId={ana.id} onTogglePanel={vi.fn()} />);

const typing = (isTyping: boolean, extra: { conversationId?: string; userId?: string } = {}) =>
  act(() => eventBus.emit('user:typing:response', { conversationId: 'c1', userId: bruno.id, isTyping, ...extra }));
const presence = (status: 'online' | 'offline', event: 'userStatus' | 'userStatusResponse' = 'userStatus') =>
  act(() => eventBus.emit(event, { userId: bruno.id, status }));

describe('chat header status line', () => {
  beforeEach(() => {
    emitted = [];
    eventBus.on('socket:emit', record);
  });
  afterEach(() => eventBus.off('socket:emit', record));

  it("asks for the other participant's status, shows online/offline and asks again after a reconnect", () => {
    renderConversation();
    expect(emitted).toEqual([{ event: 'checkUserStatus', payload: { userId: bruno.id } }]);
    presence('offline', 'userStatusResponse');
    expect(screen.getByText('offline')).toBeInTheDocument();
    presence('online');
    expect(screen.getByText('online')).toBeInTheDocument();
    // Unknown while the connection is down, asked again once it is back.
    act(() => eventBus.emit('socket:status', { status: 'reconnecting' }));
    expect(screen.queryByText('online')).not.toBeInTheDocument();
    act(() => eventBus.emit('socket:reconnected'));
    expect(emitted).toHaveLength(2);
  });

  it('says when an offline contact was last seen, and offline when that is not known', () => {
    renderConversation();
    const today = new Date();
    today.setHours(14, 5, 0, 0);
    act(() => eventBus.emit('userStatus', { userId: bruno.id, status: 'offline', lastSeenAt: today.toISOString() }));
    expect(screen.getByText('visto por último hoje às 14:05')).toBeInTheDocument();
    act(() => eventBus.emit('userStatus', { userId: bruno.id, status: 'offline', lastSeenAt: null }));
    expect(screen.getByText('offline')).toBeInTheDocument();
  });

  it("reads 'Digitando...' while the other person types and is online", () => {
    renderConversation();
    typing(true);
    // Not known to be online: no typing shown.
    expect(screen.queryByText(TYPING_TEXT)).not.toBeInTheDocument();
    presence('online');
    expect(screen.getByText(TYPING_TEXT)).toBeInTheDocument();
    typing(false);
    expect(screen.getByText('online')).toBeInTheDocument();
  });

  it('ignores typing of other conversations and people, and forgets it when they go offline', () => {
    renderConversation();
    presence('online');
    typing(true, { conversationId: 'c2' });
    typing(true, { userId: 'u-carla' });
    expect(screen.queryByText(TYPING_TEXT)).not.toBeInTheDocument();
    typing(true);
    expect(screen.getByText(TYPING_TEXT)).toBeInTheDocument();
    presence('offline');
    presence('online');
    expect(screen.queryByText(TYPING_TEXT)).not.toBeInTheDocument();
  });

  it('shows the member nicknames for groups, never typing', () => {
    renderWithQuery(<ChatHeader target={{ kind: 'group', group: group('g1') }} meId={ana.id} onTogglePanel={vi.fn()} />);
    expect(screen.getByText('ana, bruno, carla')).toBeInTheDocument();
    expect(emitted).toEqual([]);
  });
});

describe('chat header menu', () => {
  it("offers 'Dados do grupo' for a group and 'Dados do contato' for a conversation", async () => {
    const { unmount } = renderWithQuery(
      <ChatHeader target={{ kind: 'group', group: group('g1') }} meId={ana.id} onTogglePanel={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Mais opções' }));
    expect(await screen.findByRole('menuitem', { name: 'Dados do grupo' })).toBeInTheDocument();
    unmount();
    renderConversation();
    await userEvent.click(screen.getByRole('button', { name: 'Mais opções' }));
    expect(await screen.findByRole('menuitem', { name: 'Dados do contato' })).toBeInTheDocument();
  });
});
