import { describe, expect, it } from 'vitest';
import { isDiskFull, isUniqueViolation } from './db-errors';

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
