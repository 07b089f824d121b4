import { badRequest } from '../../lib/errors';

export const BAD_CURSOR = 'Cursor inválido';

/** A page's keys as an opaque cursor (the client only passes it back). */
export const encodeCursor = (keys: unknown[] | null): string | null =>
  keys ? Buffer.from(JSON.stringify(keys)).toString('base64url') : null;

/** The keys of a cursor, checked against the kinds they must be (400 otherwise). */
export function decodeCursor(cursor: string | undefined, kinds: readonly ('boolean' | 'string')[]): unknown[] | null {
  if (cursor === undefined) return null;
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  if (!Array.isArray(keys)) throw badRequest(BAD_CURSOR);
  const list: unknown[] = keys;
  if (list.length !== kinds.length || !kinds.every((k, i) => typeof list[i] === k)) throw badRequest(BAD_CURSOR);
  return list;
}
