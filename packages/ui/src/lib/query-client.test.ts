import { ApiCallError } from '@chat/api-client';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

// The shape api-client recognises as an axios failure (only api-client imports axios).
const answered = (status: number): ApiCallError =>
  new ApiCallError(Object.assign(new Error('falhou'), { isAxiosError: true, response: { status, data: {} } }));

describe('createQueryClient', () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();
  const retry = queries?.retry as (failureCount: number, error: unknown) => boolean;

  it('retries a transient failure once and a 4xx never', () => {
    expect(retry(0, answered(503))).toBe(true);
    expect(retry(1, answered(503))).toBe(false);
    expect(retry(0, answered(404))).toBe(false);
    expect(retry(0, answered(403))).toBe(false);
  });

  it('does not refetch on focus nor replay a failed change', () => {
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(mutations?.retry).toBe(false);
  });
});
