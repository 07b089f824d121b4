import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { resolveJwtSecret } from './jwt-secret';

const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('resolveJwtSecret', () => {
  it('generates a secret once, keeps it in DATA_DIR (owner-only) and reuses it', () => {
    const env = parseEnv({ DATA_DIR: dir });
    const first = resolveJwtSecret(env);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(resolveJwtSecret(env)).toBe(first);
  });

  it('prefers JWT_SECRET', () => {
    const secret = 's'.repeat(40);
    expect(resolveJwtSecret(parseEnv({ DATA_DIR: dir, JWT_SECRET: secret }))).toBe(secret);
  });
});
