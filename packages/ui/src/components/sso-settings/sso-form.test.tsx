import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SsoConfigBody, SsoConfigResponse } from '@chat/contracts';
import { SsoForm } from './sso-form';

const stored: SsoConfigResponse = {
  redirectUri: 'https://papo.empresa.com.br/api/sso/callback',
  config: {
    enabled: true,
    slug: 'empresa',
    issuer: 'https://login.empresa.com.br',
    clientId: 'papo',
    clientSecretPreview: '••••6789',
    allowedDomains: ['empresa.com.br'],
    createMembers: true,
    allowPassword: true,
    redirectUri: 'https://papo.empresa.com.br/api/sso/callback',
    signInUrl: 'https://papo.empresa.com.br/sso/empresa',
  },
};

describe('SsoForm', () => {
  it('shows the return address and the stored secret only by its end, and keeps it when left empty', async () => {
    const onSubmit = vi.fn(async (_body: SsoConfigBody) => {});
    render(<SsoForm workspaceName="Empresa" current={stored} onSubmit={onSubmit} />);
    expect(screen.getByText('https://papo.empresa.com.br/api/sso/callback')).toBeInTheDocument();
    expect(screen.getByText('Guardado: ••••6789. Deixe vazio para manter.')).toBeInTheDocument();
    expect(screen.getByLabelText('Segredo do cliente')).toHaveValue('');
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Permitir também entrar com senha' }));
    await user.type(screen.getByLabelText('Domínios de e-mail permitidos'), ', filial.com');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      enabled: true,
      slug: 'empresa',
      issuer: 'https://login.empresa.com.br',
      clientId: 'papo',
      allowedDomains: ['empresa.com.br', 'filial.com'],
      createMembers: true,
      allowPassword: false,
    });
  });

  it('asks for the secret on a first configuration and sends nothing until the fields are valid', async () => {
    const onSubmit = vi.fn(async (_body: SsoConfigBody) => {});
    render(<SsoForm workspaceName="Nova Equipe" current={{ redirectUri: stored.redirectUri, config: null }} onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Endereço do workspace')).toHaveValue('nova-equipe');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe o segredo do cliente')).toBeInTheDocument();
    expect(screen.getByText('Endereço do provedor inválido')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
