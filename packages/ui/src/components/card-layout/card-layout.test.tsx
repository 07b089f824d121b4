import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CardLayout } from './card-layout';

describe('CardLayout', () => {
  it('renders the logo, the title, content, footer and a "Voltar" link', () => {
    render(
      <MemoryRouter>
        <CardLayout title="Esqueci minha senha" backTo="/" footer="v1.0.22">
          <p>Formulário</p>
        </CardLayout>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Esqueci minha senha' })).toBeInTheDocument();
    expect(screen.getByText('Papo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Formulário')).toBeInTheDocument();
    expect(screen.getByText('v1.0.22')).toBeInTheDocument();
  });

  it('has no back link without backTo', () => {
    render(
      <MemoryRouter>
        <CardLayout title="Entrar">
          <p>Formulário</p>
        </CardLayout>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: 'Voltar' })).toBeNull();
  });
});
