import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { group } from '../../../test/fixtures';
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
    const { result } = renderHookWithQuery(() => useChatTarget('group', 'g1'));
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
    const { result } = renderHookWithQuery(() => useChatTarget('group', 'g1'));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.target).toBeNull();
    expect(toasts).toHaveBeenCalledTimes(1);
  });
});
