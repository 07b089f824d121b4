import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type ChatNavigation, useChatNavigation } from './use-chat-navigation';

const BASE = '/auth/conversations';

/** The hook on a screen inside a memory router whose history holds `entries`, the last one current. */
function setup(entries: string[]) {
  let navigation!: ChatNavigation;
  function Screen() {
    navigation = useChatNavigation(BASE, useLocation().pathname !== BASE);
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Screen /> }], { initialEntries: entries, initialIndex: entries.length - 1 });
  render(<RouterProvider router={router} />);
  return { router, nav: () => navigation, back: () => act(() => router.navigate(-1)) };
}

describe('useChatNavigation', () => {
  it('closing a chat opened from the list steps back to the list: back does not reopen it', async () => {
    const { router, nav, back } = setup(['/antes', BASE]);
    await act(async () => nav().open(`${BASE}/c1/conversation`));
    await act(async () => nav().close());
    expect(router.state.location.pathname).toBe(BASE);
    await back();
    expect(router.state.location.pathname).toBe('/antes');
  });

  it('a chat opened from another chat, or by a link, is replaced by the list', async () => {
    const { router, nav, back } = setup(['/antes', BASE]);
    await act(async () => nav().open(`${BASE}/c1/conversation`));
    await act(async () => nav().open(`${BASE}/c2/conversation`));
    await act(async () => nav().close());
    expect(router.state.location.pathname).toBe(BASE);
    await back();
    expect(router.state.location.pathname).toBe(`${BASE}/c1/conversation`);

    const linked = setup(['/antes', `${BASE}/c3/group`]);
    await act(async () => linked.nav().close());
    expect(linked.router.state.location.pathname).toBe(BASE);
    await linked.back();
    expect(linked.router.state.location.pathname).toBe('/antes');
  });
});
