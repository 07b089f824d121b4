import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a status named "Carregando" with its size', () => {
    render(<Spinner size="xlg" />);
    const spinner = screen.getByRole('status', { name: 'Carregando' });
    expect(spinner).toHaveAttribute('data-size', 'xlg');
  });

  it('drops the status role when decorative', () => {
    render(<Spinner aria-hidden />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
