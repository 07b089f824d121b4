import { act, render, screen } from '@testing-library/react';
import type { RemoteAppProps } from '@chat/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

// What the slot shows while its remote loads, once it has loaded, when it cannot load, and on a
// second visit. The remote's load is a promise the test settles (federation.ts is replaced).
const loads = vi.hoisted(() => new Map<string, { resolve: (module: unknown) => void; reject: (error: unknown) => void }>());
vi.mock('./federation', () => ({
  loadRemoteApp: (name: string) =>
    new Promise((resolve, reject) => {
      loads.set(name, { resolve, reject });
    }),
}));
const shown = vi.hoisted(() => vi.fn());
vi.mock('../../shared/page-load/slot-frame', () => ({ slotFrame: { shown, painted: () => Promise.resolve() } }));

const { RemoteSlot } = await import('./remote-slot');

const props = { basePath: '/auth/settings', user: null, flags: [], config: null, headerSlot: null } as unknown as RemoteAppProps;
const Remote = ({ basePath }: RemoteAppProps) => <p>remote em {basePath}</p>;

afterEach(() => {
  loads.clear();
  shown.mockClear();
});

describe('RemoteSlot', () => {
  it('shows a spinner, tells the slot frame it is on screen, then shows the remote; opened again, shows it at once', async () => {
    const first = render(<RemoteSlot name="settings" {...props} />);
    expect(screen.queryByText(/remote em/)).toBeNull();
    expect(first.container.querySelector('[class*="loading"]')).not.toBeNull();
    expect(shown).toHaveBeenCalled();
    await act(async () => loads.get('settings')!.resolve({ default: Remote }));
    expect(await screen.findByText('remote em /auth/settings')).toBeTruthy();
    expect(first.container.querySelector('[class*="loading"]')).toBeNull();
    first.unmount();
    loads.clear();

    const again = render(<RemoteSlot name="settings" {...props} />);
    expect(screen.getByText('remote em /auth/settings')).toBeTruthy();
    expect(again.container.querySelector('[class*="loading"]')).toBeNull();
    expect(loads.has('settings'), 'not loaded again').toBe(false);
  });

  it('shows the error panel in the slot when the remote cannot load', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RemoteSlot name="team" {...props} />);
    await act(async () => loads.get('team')!.reject(new Error('manifest 404')));
    expect(await screen.findByText('Não foi possível carregar esta área')).toBeTruthy();
    consoleError.mockRestore();
  });
});
