import { randomBytes, randomInt } from 'node:crypto';
import { LIMITS } from '@chat/contracts';
import type { Db } from '../../db/client';
import { nickNameTaken } from './workspaces.repository';

// The administrator ROOT names has no password and no nickName yet: the welcome link sets the
// password, and the nickName (required, unique) is derived from the e-mail; they can change it later.

/**
 * Not an argon2 hash, so no password ever verifies against it (verifyPassword answers false for a
 * malformed hash) until the welcome link sets a real one. Random, so no two accounts share it.
 */
export const unusablePasswordHash = () => `!unset:${randomBytes(16).toString('hex')}`;

const MAX_ATTEMPTS = 20;

/** 'Maria.Souza+ti@x.com' -> 'mariasouzati', or with digits appended when taken. */
export async function freeNickName(tx: Db, email: string): Promise<string> {
  const local = email.split('@')[0] ?? '';
  const letters = local
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
  // Room for four digits within the 25-character maximum.
  const base = (letters.length >= LIMITS.nickNameMin ? letters : `admin${letters}`).slice(0, LIMITS.nickNameMax - 4);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${randomInt(1000, 10000)}`;
    if (!(await nickNameTaken(tx, candidate))) return candidate;
  }
  throw new Error('Não foi possível gerar um apelido livre para o administrador');
}
