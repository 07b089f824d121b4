import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Workspace } from '@chat/contracts';
import { renderWithQueryClient } from '@chat/ui/testing';
import { STORAGE_TEXTS } from '../storage-texts';
import { StorageSection } from './storage-section';

const api = vi.hoisted(() => ({ getWorkspaceByAdmin: vi.fn(), updateWorkspaceSettings: vi.fn() }));
vi.mock('@chat/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), ...api }));
const ui = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock('@chat/ui/toast-store', async (importOriginal) => ({ ...(await importOriginal<object>()), ...ui }));

const MB = 1024 * 1024;
const workspace = (extra: Partial<Workspace> = {}): Workspace => ({
  id: 'w1',
  name: 'Equipe Demo',
  description: '',
  admin: null,
  membersCount: 1,
  limitOfMembers: 0,
  storageQuotaMb: 500,
  storageUsedBytes: 125 * MB,
  refuseExecutables: false,
  features: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  members: [],
  ...extra,
});
const ok = <T,>(data: T) => Promise.resolve({ status: 200, data });

afterEach(() => vi.clearAllMocks());

describe('StorageSection', () => {
  it('shows what the uploads take against the quota', async () => {
    api.getWorkspaceByAdmin.mockImplementation(() => ok(workspace()));
    renderWithQueryClient(<StorageSection />);
    // Closed, its title says it all; opened, the bar.
    await userEvent.click(await screen.findByRole('button', { name: 'Armazenamento · 125 MB de 500 MB' }));
    expect(await screen.findByTestId('storage-used')).toHaveTextContent('125 MB de 500 MB');
    expect(screen.getByRole('meter', { name: STORAGE_TEXTS.used })).toHaveAttribute('aria-valuenow', '25');
  });

  it('says when there is no quota, and when it is full', async () => {
    api.getWorkspaceByAdmin.mockImplementation(() => ok(workspace({ storageQuotaMb: 0 })));
    const { unmount } = renderWithQueryClient(<StorageSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Armazenamento · 125 MB' }));
    expect(await screen.findByText(STORAGE_TEXTS.noQuota)).toBeInTheDocument();
    expect(screen.queryByRole('meter')).toBeNull();
    unmount();
    api.getWorkspaceByAdmin.mockImplementation(() => ok(workspace({ storageQuotaMb: 100, storageUsedBytes: 100 * MB })));
    renderWithQueryClient(<StorageSection />);
    await userEvent.click(await screen.findByRole('button', { name: /^Armazenamento · 100 MB de 100 MB/ }));
    expect(await screen.findByText(STORAGE_TEXTS.full)).toBeInTheDocument();
  });

  it('turns the refusal of executables on, saved at once', async () => {
    api.getWorkspaceByAdmin.mockImplementation(() => ok(workspace()));
    api.updateWorkspaceSettings.mockImplementation(() => ok({ refuseExecutables: true }));
    renderWithQueryClient(<StorageSection />);
    await userEvent.click(await screen.findByRole('button', { name: /^Armazenamento/ }));
    const toggle = await screen.findByRole('switch', { name: STORAGE_TEXTS.refuse });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(api.updateWorkspaceSettings).toHaveBeenCalledWith({ refuseExecutables: true });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
  });
});
