import { statfsSync } from 'node:fs';

/** Free bytes of the filesystem holding `dir`, as an unprivileged process may use them; null when it cannot be read. */
export function freeBytes(dir: string): number | null {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize;
  } catch {
    return null;
  }
}
