import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventBus } from '@chat/event-bus';
import { ana, bruno, carla, group } from '../../../test/fixtures';
import { renderHookWithQuery } from '../../../test/render';
import { useChatTarget } from './use-chat-target';

const unanswered = new Error('Network Error');
const api = vi.hoisted(() => ({ getGroupById: vi.fn(), getConversationById: vi.fn() }));
vi.mock('@chat/api-client', () => ({
  ...api,
  isUnanswered: (error: unknown) => error === unanswered,
  apiErrorMessage: (_: unknown, fallback: string) => fallback,
}));
const toasts = vi.hoisted(() => vi.fn());
vi.mock('@chat/ui', async (original) => ({ ...(await original<object>()), notify: { error: toasts } }));

describe('useChatTarget: the open chat (header, members)', () => {
  afterEach(() => vi.resetAllMocks());

  it('a chat whose fetch got no answer (the network dropped) keeps loading and loads when the browser is back online', async () => {
    api.getGroupById.mockRejectedValueOnce(unanswered).mockResolvedValueOnce({ status: 200, data: group('g1') });
    const { result } = renderHookWithQuery(() => useChatTarget('group', 'g1', 'u-ana'));
    await waitFor(() => expect(api.getGroupById).toHaveBeenCalledTimes(1));
    await act(async () => {});
    // Not 'Conversa não encontrada': nothing said the chat is missing.
    expect(result.current).toMatchObject({ target: null, loading: true });
    expect(toasts).not.toHaveBeenCalled();

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.target).toEqual({ kind: 'group', group: group('g1') }));
    expect(result.current.loading).toBe(false);
    // Loaded: coming online again fetches nothing more.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(api.getGroupById).toHaveBeenCalledTimes(2);
  });

  it('a chat the server refuses (404) is not found, with the error toast', async () => {
    api.getGroupById.mockRejectedValueOnce(new Error('404'));
    const { result } = renderHookWithQuery(() => useChatTarget('group', 'g1', 'u-ana'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.target).toBeNull();
    expect(toasts).toHaveBeenCalledTimes(1);
  });

  it('applies a group::updated delta to the open group, keeping my own fields', async () => {
    api.getGroupById.mockResolvedValueOnce({ status: 200, data: group('g1', { viewerIsAdmin: true, muted: true, memberCount: 1000 }) });
    const { result } = renderHookWithQuery(() => useChatTarget('group', 'g1', ana.id));
    await waitFor(() => expect(result.current.target).not.toBeNull());
    // The event's head is the same for everyone: admins then by name, no per-viewer fields.
    const head = { ...group('g1', { members: [ana, bruno, carla], memberCount: 1000 }), name: 'Todos da empresa' };
    act(() => eventBus.emit('group::updated', { ...head, change: { kind: 'renamed', name: 'Todos da empresa', description: '' } }));
    await waitFor(() =>
      expect(result.current.target).toMatchObject({
        kind: 'group',
        group: { name: 'Todos da empresa', memberCount: 1000, viewerIsAdmin: true, muted: true },
      }),
    );
    act(() => eventBus.emit('group::updated', { ...head, memberCount: 999, change: { kind: 'memberRemoved', memberId: carla.id } }));
    await waitFor(() => expect(result.current.target).toMatchObject({ group: { memberCount: 999, viewerIsAdmin: true } }));
  });
});
