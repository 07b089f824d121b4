import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey, AppConfig, FeatureFlag, User } from '@chat/contracts';
import { dismissToast, ToastHost } from '@chat/ui';
import { renderWithQueryClient } from '@chat/ui/testing';
import { AccountPage } from './account-page';

// The 'Conta' page with its three sections (docs/produto.md, Telas, Validação e limites and Textos
// que importam), against a mocked api-client.

const api = vi.hoisted(() => {
  class ApiCallError extends Error {
    constructor(
      readonly serverMessage: string | null,
      readonly status: number | null = 400,
    ) {
      super(serverMessage ?? 'falha');
    }
  }
  return {
    ApiCallError,
    updateProfile: vi.fn(),
    updatePassword: vi.fn(),
    getActiveApiKey: vi.fn(),
    createApiKey: vi.fn(),
    listSessions: vi.fn(),
    endSession: vi.fn(),
    endAllSessions: vi.fn(),
    generatePublicMediaUrl: vi.fn(),
    uploadToSignedUrl: vi.fn(),
    UploadRequestError: class extends Error {},
  };
});
vi.mock('@chat/api-client', () => ({
  ...api,
  isTransientFailure: () => false,
  apiErrorMessage: (error: unknown, fallback: string) =>
    error instanceof api.ApiCallError && error.serverMessage ? error.serverMessage : fallback,
}));

const bruno: User = {
  id: 'u-bruno',
  name: 'Bruno Souza',
  nickName: 'bruno',
  email: 'bruno@demo.chat',
  role: 'USER',
  avatarUrl: null,
  neoCustomData: null,
  workspaces: [{ id: 'w1', name: 'Equipe Demo', features: [] }],
};
const config = { apiBaseUrl: '/api' } as AppConfig;
const activeKey: ApiKey = { id: 'k1', name: 'CRM', permissions: 'READ_ONLY', preview: 'x9Z2', createdAt: '2026-03-02T14:05:00.000Z' };

function renderPage(flags: FeatureFlag[] = []) {
  // A data router, as the shell's (the profile form guards unsaved changes with useBlocker).
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <AccountPage basePath="/auth/settings" flags={flags} user={bruno} config={config} headerSlot={null} />
          <ToastHost />
        </>
      ),
    },
  ]);
  renderWithQueryClient(<RouterProvider router={router} />);
}

const open = (title: string) => userEvent.click(screen.getByRole('button', { name: title }));

beforeEach(() => {
  api.getActiveApiKey.mockResolvedValue({ status: 200, data: null });
  api.listSessions.mockResolvedValue({ status: 200, data: { sessions: [] } });
});
afterEach(() => {
  vi.clearAllMocks();
  // The toast store is global: one test's toasts must not answer the next test's queries.
  dismissToast();
});

describe('Conta', () => {
  it('hides Informações pessoais and Segurança under disable_edit_personal_info; Integrações stays', () => {
    renderPage(['disable_edit_personal_info']);
    expect(screen.queryByRole('button', { name: 'Informações pessoais' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Segurança' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Integrações' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voltar/ })).toHaveAttribute('href', '/auth/settings');
  });
});

describe('Informações pessoais', () => {
  it("alerts 'Nenhuma alteração foi feita' when nothing changed, and calls nothing", async () => {
    renderPage();
    await open('Informações pessoais');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Nenhuma alteração foi feita')).toBeInTheDocument();
    expect(api.updateProfile).not.toHaveBeenCalled();
  });

  it('validates name and nickName with the validation messages', async () => {
    renderPage();
    await open('Informações pessoais');
    await userEvent.clear(screen.getByLabelText('Nome'));
    await userEvent.type(screen.getByLabelText('Nome'), 'B');
    await userEvent.clear(screen.getByLabelText('Apelido'));
    await userEvent.type(screen.getByLabelText('Apelido'), 'b!');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Mínimo de 2 caracteres')).toBeInTheDocument();
    expect(screen.getAllByText(/Mínimo de 3 caracteres|letras e números/).length).toBeGreaterThan(0);
    expect(api.updateProfile).not.toHaveBeenCalled();
  });

  it('sends only the changed name, then confirms', async () => {
    api.updateProfile.mockResolvedValue({ status: 200, data: { ...bruno, name: 'Bruno Lima' } });
    renderPage();
    await open('Informações pessoais');
    await userEvent.clear(screen.getByLabelText('Nome'));
    await userEvent.type(screen.getByLabelText('Nome'), 'Bruno Lima');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Usuário atualizado com sucesso')).toBeInTheDocument();
    expect(api.updateProfile).toHaveBeenCalledWith({ name: 'Bruno Lima' });
  });

  it('uploads a picked photo to the avatars folder, previews it, and sends its public URL', async () => {
    api.generatePublicMediaUrl.mockResolvedValue({ status: 200, data: { url: 'http://x/media/avatars/a-foto.png?signature=s' } });
    api.uploadToSignedUrl.mockResolvedValue({ status: 200, data: null });
    api.updateProfile.mockResolvedValue({ status: 200, data: { ...bruno, avatarUrl: 'http://x/media/avatars/a-foto.png' } });
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    renderPage();
    await open('Informações pessoais');
    const photo = new File([new Uint8Array([0x89, 0x50])], 'foto.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Foto de perfil'), photo);
    expect(URL.createObjectURL).toHaveBeenCalledWith(photo);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Usuário atualizado com sucesso')).toBeInTheDocument();
    expect(api.generatePublicMediaUrl).toHaveBeenCalledWith({ fileName: 'foto.png', contentType: 'image/png', folder: 'avatars' });
    expect(api.uploadToSignedUrl).toHaveBeenCalledWith('http://x/media/avatars/a-foto.png?signature=s', photo, { headers: undefined });
    expect(api.updateProfile).toHaveBeenCalledWith({ avatarUrl: 'http://x/media/avatars/a-foto.png' });
  });

  it('refuses a file that is not an image with the product alert', async () => {
    renderPage();
    await open('Informações pessoais');
    const text = new File(['oi'], 'nota.txt', { type: 'text/plain' });
    await userEvent.upload(screen.getByLabelText('Foto de perfil'), text, { applyAccept: false });
    expect(await screen.findByText('Tipo de arquivo inválido')).toBeInTheDocument();
  });
});

describe('Segurança', () => {
  const fill = async (old: string, next: string, confirm: string) => {
    await userEvent.type(screen.getByLabelText('Senha atual'), old);
    await userEvent.type(screen.getByLabelText('Nova senha'), next);
    await userEvent.type(screen.getByLabelText('Confirmar nova senha'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
  };

  it('requires the current password and equal new passwords', async () => {
    renderPage();
    await open('Segurança');
    await userEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByText('A senha atual é obrigatória')).toBeInTheDocument();
    await fill('velha-senha', 'nova-senha-1', 'outra-senha-1');
    expect(await screen.findByText('As senhas devem ser iguais')).toBeInTheDocument();
    expect(api.updatePassword).not.toHaveBeenCalled();
  });

  it('changes the password, confirms and resets the form', async () => {
    api.updatePassword.mockResolvedValue({ status: 200, data: { accessToken: 'a', refreshToken: 'r' } });
    renderPage();
    await open('Segurança');
    await fill('velha-senha', 'nova-senha-1', 'nova-senha-1');
    expect(await screen.findByText('Senha atualizada com sucesso')).toBeInTheDocument();
    expect(api.updatePassword).toHaveBeenCalledWith({ oldPassword: 'velha-senha', newPassword: 'nova-senha-1', revokeApiKey: true });
    for (const label of ['Senha atual', 'Nova senha', 'Confirmar nova senha']) expect(screen.getByLabelText(label)).toHaveValue('');
    expect(screen.getByLabelText('Revogar também a chave de API')).toBeChecked();
  });

  it("offers to revoke the API key (checked by default) and sends the box's choice", async () => {
    api.updatePassword.mockResolvedValue({ status: 200, data: { accessToken: 'a', refreshToken: 'r' } });
    renderPage();
    await open('Segurança');
    const revoke = screen.getByLabelText('Revogar também a chave de API');
    expect(revoke).toBeChecked();
    await userEvent.click(revoke);
    await fill('velha-senha', 'nova-senha-1', 'nova-senha-1');
    expect(await screen.findByText('Senha atualizada com sucesso')).toBeInTheDocument();
    expect(api.updatePassword).toHaveBeenCalledWith({ oldPassword: 'velha-senha', newPassword: 'nova-senha-1', revokeApiKey: false });
  });

  it("shows the server's message for a wrong current password", async () => {
    api.updatePassword.mockRejectedValue(new api.ApiCallError('A senha atual está incorreta'));
    renderPage();
    await open('Segurança');
    await fill('errada-123', 'nova-senha-1', 'nova-senha-1');
    // In the toast and under the field, which gets the focus back.
    await waitFor(() => expect(screen.getAllByText('A senha atual está incorreta')).toHaveLength(2));
    const field = screen.getByLabelText('Senha atual');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Integrações', () => {
  it('shows the active key (name, permission, preview, date) and never more', async () => {
    api.getActiveApiKey.mockResolvedValue({ status: 200, data: activeKey });
    renderPage();
    await open('Integrações');
    const active = within(await screen.findByLabelText('Chave ativa'));
    expect(active.getByText('CRM')).toBeInTheDocument();
    expect(active.getByText('Somente leitura')).toBeInTheDocument();
    expect(active.getByText('••••••••x9Z2')).toBeInTheDocument();
    expect(active.getByText(/02\/03\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Referência da API/ })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByText(/revoga a chave atual/)).toBeInTheDocument();
  });

  it("requires a name ('Nome é obrigatório')", async () => {
    renderPage();
    await open('Integrações');
    await userEvent.click(screen.getByRole('button', { name: 'Criar chave' }));
    expect(await screen.findByText('Nome é obrigatório')).toBeInTheDocument();
    expect(api.createApiKey).not.toHaveBeenCalled();
  });

  it("sends name and permission only, shows the server's key once with a copy button, and copies it", async () => {
    const key = 'papo_Q3mZ8rT1vX6bN0cL5kW9pA2sD7fG4hJy';
    const created: ApiKey = { ...activeKey, id: 'k2', name: 'Bot', permissions: 'FULL_ACCESS', preview: key.slice(-4) };
    api.createApiKey.mockResolvedValue({ status: 200, data: { ...created, key } });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Integrações' }));
    expect(await screen.findByText('Nenhuma chave ativa.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome da chave'), 'Bot');
    await user.click(screen.getByLabelText(/Acesso total/));
    await user.click(screen.getByRole('button', { name: 'Criar chave' }));
    expect(await screen.findByText('Chave criada')).toBeInTheDocument();
    expect(api.createApiKey).toHaveBeenCalledWith({ name: 'Bot', permissions: 'FULL_ACCESS' });
    expect(screen.getByLabelText(/Sua nova chave/)).toHaveValue(key);
    expect(within(screen.getByLabelText('Chave ativa')).getByText(`••••••••${key.slice(-4)}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copiar' }));
    expect(await screen.findByText('Chave copiada')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(key);
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(key));
  });
});
