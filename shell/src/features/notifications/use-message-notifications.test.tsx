import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppConfig, type Message, untouchedMessageFields } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { AppConfigContext } from '../../shared/config/config-context';
import { asNotificationApi, FakeNotification } from './fake-notification';
import { useMessageNotifications } from './use-message-notifications';

const getGroupById = vi.hoisted(() => vi.fn());
vi.mock('../../shared/api/load-api-client', () => ({ loadApiClient: async () => ({ getGroupById }) }));
vi.mock('./notification-sound', () => ({ playNotificationSound: vi.fn() }));

const config: AppConfig = {
  version: '1.0.22',
  apiBaseUrl: '/api',
  socketUrl: '',
  remotes: { chat: '', team: '', settings: '', root: '' },
  flags: { featuredWorkspaceId: null, productionOrigin: null },
};

const message = (extra: Partial<Message> = {}): Message => ({
  id: 'm1',
  authorId: 'u-bruno',
  author: { id: 'u-bruno', name: 'Bruno', avatarUrl: null },
  content: { id: 'ct', body: 'Chegou?', type: 'text' },
  status: 'DELIVERED',
  createdAt: '2024-03-10T12:00:00.000Z',
  updatedAt: '2024-03-10T12:00:00.000Z',
  conversationId: 'c1',
  groupId: null,
  clientId: null,
  ...untouchedMessageFields(),
  ...extra,
});

function Area() {
  useMessageNotifications('u-ana');
  return <p>área</p>;
}

function renderArea() {
  const router = createMemoryRouter(
    [
      { path: '/auth/settings', element: <Area /> },
      { path: '/auth/conversations/:id/:type', element: <p>chat aberto</p> },
    ],
    { initialEntries: ['/auth/settings'] },
  );
  render(
    <AppConfigContext.Provider value={config}>
      <RouterProvider router={router} />
    </AppConfigContext.Provider>,
  );
  return router;
}

describe('useMessageNotifications', () => {
  beforeEach(() => {
    FakeNotification.reset('granted');
    vi.stubGlobal('Notification', asNotificationApi());
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    vi.spyOn(window, 'focus').mockImplementation(() => {});
    getGroupById.mockResolvedValue({ status: 200, data: { id: 'g1', name: 'Projeto' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('notifies of a message on any page while the window is unfocused; a click opens that chat', async () => {
    const router = renderArea();
    await act(async () => eventBus.emit('message', message()));
    expect(FakeNotification.instances.map((n) => n.title)).toEqual(['Bruno']);
    act(() => FakeNotification.instances[0]!.click());
    expect(router.state.location.pathname).toBe('/auth/conversations/c1/conversation');
    expect(screen.getByText('chat aberto')).toBeInTheDocument();
  });

  it('names a group from its own event, or asks the server once', async () => {
    renderArea();
    act(() => eventBus.emit('group::updated', { id: 'g2', name: 'Diretoria' } as never));
    await act(async () => eventBus.emit('message', message({ id: 'a', conversationId: null, groupId: 'g2' })));
    await act(async () => eventBus.emit('message', message({ id: 'b', conversationId: null, groupId: 'g1' })));
    await act(async () => eventBus.emit('message', message({ id: 'c', conversationId: null, groupId: 'g1' })));
    expect(FakeNotification.instances.map((n) => n.title)).toEqual(['Diretoria', 'Projeto', 'Projeto']);
    expect(getGroupById).toHaveBeenCalledTimes(1);
  });

  it('stays quiet while the window is focused and visible', async () => {
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    renderArea();
    await act(async () => eventBus.emit('message', message()));
    expect(FakeNotification.instances).toHaveLength(0);
  });
});
