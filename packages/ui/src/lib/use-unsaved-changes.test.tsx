import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES_TEXT, useUnsavedChanges } from './use-unsaved-changes';

function setup(dirty: boolean) {
  function Form() {
    useUnsavedChanges(dirty);
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Form /> }], { initialEntries: ['/auth/settings'] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.restoreAllMocks());

describe('useUnsavedChanges', () => {
  it('asks before leaving a page with unsaved changes: staying keeps the page, leaving goes', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const router = setup(true);
    await act(() => router.navigate('/auth/conversations'));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_TEXT);
    expect(router.state.location.pathname).toBe('/auth/settings');
    confirm.mockReturnValue(true);
    await act(() => router.navigate('/auth/conversations'));
    expect(router.state.location.pathname).toBe('/auth/conversations');
  });

  it('asks nothing when nothing is unsaved, and the tab may close freely', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const router = setup(false);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await act(() => router.navigate('/auth/conversations'));
    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/auth/conversations');
  });

  it('holds the tab with unsaved changes (the browser asks)', () => {
    setup(true);
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  });
});
