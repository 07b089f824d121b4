import type { ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { createQueryClient } from '../lib/query-client';

/**
 * Component tests render a screen as its app's root does: inside a QueryClientProvider, with a
 * client of its own so no test sees another's cache.
 */
export function renderWithQueryClient(ui: ReactElement, options?: Omit<RenderOptions, 'queries'>): RenderResult {
  const client = createQueryClient();
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>, options);
}
