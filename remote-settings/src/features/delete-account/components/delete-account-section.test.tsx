import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DATA_ERRORS } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { ToastHost } from '@chat/ui';
import { renderWithQueryClient } from '@chat/ui/testing';
import { DeleteAccountSection } from './delete-account-section';

// 'Excluir minha conta' against a mocked api-client; the sign-out goes to the real bus.

const api = vi.hoisted(() => {
  class ApiCallError extends Error {
    constructor(readonly serverMessage: string | null) {
      super(serverMessage ?? 'falha');
    }
  }
  return { ApiCallError, deleteMyAccount: vi.fn() };
});
vi.mock('@chat/api-client', () => ({
  ...api,
  isTransientFailure: () => false,
  apiErrorMessage: (error: unknown, fallback: string) =>
    error instanceof api.ApiCallError && error.serverMessage ? error.serverMessage : fallback,
}));

const signOuts = vi.fn();
let off: () => void;
beforeEach(() => {
  api.deleteMyAccount.mockReset();
  eventBus.on('session:signout', signOuts);
  off = () => eventBus.off('session:signout', signOuts);
});
afterEach(() => {
  off();
  signOuts.mockReset();
});

function renderSection() {
  renderWithQueryClient(
    <>
      <DeleteAccountSection />
      <ToastHost />
    </>,
  );
}

async function confirmWith(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Sua senha'), password);
  await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
  await user.click(await screen.findByRole('button', { name: 'Excluir definitivamente' }));
  return user;
}

describe('DeleteAccountSection', () => {
  it('asks once more, sends the password and the choice about messages, then signs this tab out', async () => {
    api.deleteMyAccount.mockResolvedValue({ status: 204, data: undefined });
    renderSection();
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Excluir minha conta' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /Apagar também as minhas mensagens/ }));
    await confirmWith('minha-senha-1');
    await waitFor(() => expect(api.deleteMyAccount).toHaveBeenCalledWith({ password: 'minha-senha-1', deleteMessages: true }));
    await waitFor(() => expect(signOuts).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Conta excluída')).toBeInTheDocument();
  });

  it('a wrong password stays on the page, said under the field', async () => {
    api.deleteMyAccount.mockRejectedValue(new api.ApiCallError(ACCOUNT_DATA_ERRORS.wrongPassword));
    renderSection();
    await confirmWith('errada-123');
    expect((await screen.findAllByText(ACCOUNT_DATA_ERRORS.wrongPassword)).length).toBeGreaterThan(0);
    expect(signOuts).not.toHaveBeenCalled();
  });

  it('a company sign-in confirms with the e-mail instead', async () => {
    api.deleteMyAccount.mockResolvedValue({ status: 204, data: undefined });
    renderSection();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /provedor da minha empresa/ }));
    await user.type(screen.getByLabelText('Digite o seu e-mail para confirmar'), 'sara@empresa.com');
    await user.click(screen.getByRole('button', { name: 'Excluir minha conta' }));
    await user.click(await screen.findByRole('button', { name: 'Excluir definitivamente' }));
    await waitFor(() => expect(api.deleteMyAccount).toHaveBeenCalledWith({ email: 'sara@empresa.com', deleteMessages: false }));
  });
});
