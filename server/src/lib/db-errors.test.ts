import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/server-process';
import { isDatabaseUnavailable } from './db-errors';

const sqlError = (code: string) => Object.assign(new Error('erro do servidor'), { code });
const queryError = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isDatabaseUnavailable', () => {
  it('is true for a server nobody listens on, as pg reports it', async () => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/postgres` });
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(queryError(error as Error))).toBe(true);
  });

  it('is true for connection and shutdown SQLSTATEs, and for a query pg lost without one', () => {
    for (const code of ['08006', '08001', '57P01', '57P03', '53300']) expect(isDatabaseUnavailable(queryError(sqlError(code))), code).toBe(true);
    expect(isDatabaseUnavailable(queryError(new Error('conexão perdida')))).toBe(true);
  });

  it('is false for what the server refused and for bugs: those stay 4xx or 500', () => {
    for (const code of ['23505', '42P01', '22P02', '40001']) expect(isDatabaseUnavailable(queryError(sqlError(code))), code).toBe(false);
    expect(isDatabaseUnavailable(queryError(new TypeError('bug')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('falha fora de uma consulta'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
