import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env';

/**
 * JWT_SECRET when set; otherwise a random secret kept in DATA_DIR/jwt-secret so that tokens
 * survive a restart. Several processes sharing one DATA_DIR agree on it: the first creates the
 * file exclusively ('wx'), the others read what it wrote.
 */
export function resolveJwtSecret(env: Env): string {
  if (env.jwtSecret) return env.jwtSecret;
  const file = path.join(env.dataDir, 'jwt-secret');
  mkdirSync(env.dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32) throw new Error(`${file} está corrompido (segredo curto demais); apague-o para gerar outro`);
  return secret;
}
