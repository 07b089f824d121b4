import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from '../empty-state/empty-state';
import { PageHeader } from '../page-header/page-header';
import { ErrorPanel } from './error-panel';

describe('ErrorPanel', () => {
  it('is an alert with title, description and action', () => {
    render(
      <ErrorPanel
        title="Não foi possível carregar esta área"
        description="Tente novamente em instantes."
        action={<button type="button">Tentar novamente</button>}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar esta área');
    expect(alert).toHaveTextContent('Tente novamente em instantes.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('PageHeader and EmptyState', () => {
  it('renders a title with actions, and an empty-state text', () => {
    render(
      <>
        <PageHeader title="Conversas" actions={<button type="button">Novo</button>} />
        <EmptyState text="Nenhum membro foi encontrado" />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Conversas' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Novo' })).toBeInTheDocument();
    expect(screen.getByText('Nenhum membro foi encontrado')).toBeInTheDocument();
  });
});
