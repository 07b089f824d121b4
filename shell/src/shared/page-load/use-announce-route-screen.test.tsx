import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { createEventBus, type AppEvents } from '@chat/event-bus';
import { afterPageSettles } from './after-page-settles';
import { useAnnounceRouteScreen } from './use-announce-route-screen';

function setup(path: string) {
  const bus = createEventBus<AppEvents>();
  const announced = vi.fn();
  bus.on('screen:ready', announced);
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  const { result } = renderHook(
    () => {
      useAnnounceRouteScreen(bus);
      return useNavigate();
    },
    { wrapper },
  );
  // A MemoryRouter navigates synchronously: its navigate() returns no promise to wait for.
  const navigate = (to: string) =>
    act(() => {
      void result.current(to);
    });
  return { bus, announced, navigate };
}

describe('useAnnounceRouteScreen', () => {
  it('leaves the chat routes to remote-chat, and announces the screen of a page that announces none', () => {
    const { announced, navigate } = setup('/auth/conversations');
    expect(announced).not.toHaveBeenCalled();
    navigate('/auth/conversations/c1/conversation');
    expect(announced).not.toHaveBeenCalled();
    navigate('/auth/team');
    expect(announced).toHaveBeenCalledTimes(1);
  });

  it("ends the socket's wait when the user leaves the chat before its screen was announced", () => {
    vi.useFakeTimers();
    const { bus, navigate } = setup('/auth/conversations');
    const win = Object.assign(new EventTarget(), {
      document: { readyState: 'complete' },
      location: { pathname: '/auth/conversations' },
      setTimeout,
      clearTimeout,
    }) as unknown as Window;
    const run = vi.fn();
    afterPageSettles(run, { win, bus });
    vi.advanceTimersByTime(100);
    expect(run).not.toHaveBeenCalled();
    navigate('/auth/settings');
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
