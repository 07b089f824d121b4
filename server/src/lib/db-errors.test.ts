import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort } from '../test/server-process';
import { isDatabaseUnavailable, isDiskFull, isUniqueViolation } from './db-errors';

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
    for (const code of ['08006', '08001', '57P01', '57P03', '53300'])
      expect(isDatabaseUnavailable(queryError(sqlError(code))), code).toBe(true);
    expect(isDatabaseUnavailable(queryError(new Error('conexão perdida')))).toBe(true);
  });

  it('is false for what the server refused and for bugs: those stay 4xx or 500', () => {
    for (const code of ['23505', '42P01', '22P02', '40001']) expect(isDatabaseUnavailable(queryError(sqlError(code))), code).toBe(false);
    expect(isDatabaseUnavailable(queryError(new TypeError('bug')))).toBe(false);
    expect(isDatabaseUnavailable(new Error('falha fora de uma consulta'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

/** A driver's error as drizzle hands it on: the PostgreSQL error is the cause of its own. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: insert into "messages" ...'), { cause });

describe('isDiskFull', () => {
  it("is PostgreSQL's disk_full (53100), bare or wrapped by drizzle", () => {
    const pgError = { code: '53100', severity: 'ERROR', message: 'could not extend file "base/5/16395": No space left on device' };
    expect(isDiskFull(pgError)).toBe(true);
    expect(isDiskFull(wrapped(pgError))).toBe(true);
  });

  it("is Node's ENOSPC from a file written under DATA_DIR", () => {
    const nodeError = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    expect(isDiskFull(nodeError)).toBe(true);
  });

  it('is no other failure', () => {
    expect(isDiskFull(wrapped({ code: '23505', constraint: 'users_email_unique' }))).toBe(false);
    expect(isDiskFull(wrapped({ code: '57P01' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isDiskFull(new Error('53100'))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
    expect(isUniqueViolation(wrapped({ code: '53100' }))).toBe(false);
  });
});
