import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Env } from '../../config/env';
import { PgliteNodeFS } from './node-fs';

/** Whether an acknowledged commit is on the disk: the server's DB_DURABILITY (Env.dbDurability). */
export type PgliteDurability = Env['dbDurability'];

/**
 * PGlite's own defaults include `-F` (fsync off). Strict drops it and, since Emscripten's
 * fdatasync is a no-op, has the WAL flushed with fsync (made real by PgliteNodeFS);
 * synchronous_commit=on (PostgreSQL's default, stated for the reader) makes a commit wait for it.
 */
export function pgliteStartParams(durability: PgliteDurability): string[] {
  // 16 MB of shared buffers instead of 128 MB keeps a laptop-sized server lighter.
  const common = ['-c', 'shared_buffers=16MB'];
  if (durability === 'fast') return [...PGlite.defaultStartParams, ...common];
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    ...common,
    '-c',
    'wal_sync_method=fsync',
    '-c',
    'synchronous_commit=on',
  ];
}

/**
 * The file system and start parameters of one durability, which belong together (fsync made real
 * with -F dropped, or neither): for the server and for the load harness's durable floor.
 */
export function pgliteStorage(pgliteDir: string, durability: PgliteDurability): { fs: PgliteNodeFS; startParams: string[] } {
  return {
    // fast: NODEFS's fsync stays the no-op it is, as PGlite's -F asks.
    fs: new PgliteNodeFS(pgliteDir, durability === 'strict' ? fsyncSync : null),
    // startParams replaces the defaults, so they are repeated there.
    startParams: pgliteStartParams(durability),
  };
}
