import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_SETTINGS_TEXTS as T, type NotificationSettings } from '@chat/contracts';
import { ToastHost } from '@chat/ui';
import { renderWithQueryClient } from '@chat/ui/testing';
import { NotificationSettingsForm } from './notification-settings-form';

// Configurações > Notificações against a mocked api-client: the e-mail digest's switch shows what
// is stored and saves what the person chose, with the rest as it was.

const api = vi.hoisted(() => ({ getNotificationSettings: vi.fn(), saveNotificationSettings: vi.fn() }));
vi.mock('@chat/api-client', () => ({
  ...api,
  isTransientFailure: () => false,
  apiErrorMessage: (_error: unknown, fallback: string) => fallback,
}));

const stored: NotificationSettings = {
  level: 'mentions',
  quietHours: null,
  timeZone: 'America/Sao_Paulo',
  sound: false,
  emailDigest: true,
};

beforeEach(() => {
  api.getNotificationSettings.mockResolvedValue({ status: 200, data: stored });
  api.saveNotificationSettings.mockImplementation((settings: NotificationSettings) => Promise.resolve({ status: 200, data: settings }));
});

function renderForm() {
  renderWithQueryClient(
    <>
      <NotificationSettingsForm />
      <ToastHost />
    </>,
  );
}

describe('the e-mail digest switch', () => {
  it('shows the stored choice, with what it does', async () => {
    api.getNotificationSettings.mockResolvedValue({ status: 200, data: { ...stored, emailDigest: false } });
    renderForm();
    const digest = await screen.findByRole('switch', { name: T.emailDigest });
    expect(digest).toHaveAttribute('aria-checked', 'false');
    expect(digest).toHaveAccessibleDescription(T.emailDigestHint);
  });

  it('turned off and saved: the digest goes off, every other setting as it was', async () => {
    const user = userEvent.setup();
    renderForm();
    const digest = await screen.findByRole('switch', { name: T.emailDigest });
    expect(digest).toHaveAttribute('aria-checked', 'true');
    await user.click(digest);
    expect(digest).toHaveAttribute('aria-checked', 'false');
    await user.click(screen.getByRole('button', { name: T.save }));
    await waitFor(() => expect(api.saveNotificationSettings).toHaveBeenCalledTimes(1));
    expect(api.saveNotificationSettings.mock.calls[0]![0]).toEqual({ ...stored, emailDigest: false });
    expect(await screen.findByText(T.saved, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
