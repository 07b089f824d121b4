import type { FastifyInstance } from 'fastify';
import { freeBytes } from '../lib/disk-space';
import { insufficientStorage } from '../lib/errors';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A small write that keeps a session alive (sign-in, renewal, sign-out): let through while
     * DATA_DIR is low on space, since without it access tokens expire and every read is refused too.
     */
    keepsSession?: boolean;
  }
}

/**
 * Refuses every write request (507) while the filesystem of `dataDir` has less than `minFreeBytes`
 * free (but those that keep a session: see keepsSession), and lets them through again as soon as
 * space is back: no restart. Reads are always served.
 *
 * Why before the database sees it: on a full disk PGlite still commits what fits in its existing
 * pages and refuses a row that needs a new one (53100, answered 507 by the error handler) while
 * staying usable; but a checkpoint or a new WAL segment that cannot be written is a PANIC, which
 * ends that PGlite instance, and the server has to open a new one (db/pglite/reopen.ts), which
 * needs free space. Keeping the last megabytes for the database keeps it away from that. One
 * statfs(2) per write request costs a few microseconds.
 */
export function registerDiskReserve(app: FastifyInstance, { dataDir, minFreeBytes }: { dataDir: string; minFreeBytes: number }): void {
  if (minFreeBytes <= 0) return;
  app.addHook('onRequest', async (request) => {
    if (READS.has(request.method) || request.routeOptions.config.keepsSession) return;
    const free = freeBytes(dataDir);
    // Unreadable: let the write try, it fails on its own if the disk is gone.
    if (free !== null && free < minFreeBytes) throw insufficientStorage();
  });
}
