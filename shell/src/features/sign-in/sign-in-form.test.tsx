import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { SigninInput } from '@chat/contracts';
import { SignInForm } from './sign-in-form';

function setup(props: Partial<Parameters<typeof SignInForm>[0]> = {}) {
  const onSubmit = vi.fn(async (_values: SigninInput) => {});
  render(
    <MemoryRouter>
      <SignInForm loading={false} showForgotPassword showRegister onSubmit={onSubmit} {...props} />
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('SignInForm', () => {
  it('shows the required messages beside the labels and does not submit', async () => {
    const { onSubmit, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Usuário é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('after a failed submit, clears a message once its field is filled and focuses the first invalid field', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Usuário é obrigatório')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail ou usuário')).toHaveFocus();
    await user.type(screen.getByLabelText('E-mail ou usuário'), 'ana');
    expect(screen.queryByText('Usuário é obrigatório')).toBeNull();
    expect(screen.getByText('Senha é obrigatória')).toBeInTheDocument();
  });

  it('submits identifier, password and remember-me', async () => {
    const { onSubmit, user } = setup();
    await user.type(screen.getByLabelText('E-mail ou usuário'), '  ana@demo.chat ');
    await user.type(screen.getByLabelText('Senha'), 'segredo123');
    await user.click(screen.getByRole('checkbox', { name: 'Lembrar de mim' }));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ identifier: 'ana@demo.chat', password: 'segredo123', rememberMe: true });
  });

  it('hides the recovery and register links when their flags say so', () => {
    setup({ showForgotPassword: false, showRegister: false });
    expect(screen.queryByText('Esqueci minha senha')).toBeNull();
    expect(screen.queryByText('Criar conta')).toBeNull();
  });

  it('offers the company sign-in as a plain link to /sso', () => {
    setup({ showForgotPassword: false, showRegister: false });
    expect(screen.getByRole('link', { name: 'Entrar com a conta da empresa' })).toHaveAttribute('href', '/sso');
  });

  it('disables the button and shows the loading text while signing in', () => {
    setup({ loading: true });
    expect(screen.getByRole('button', { name: /Carregando/ })).toBeDisabled();
  });
});
