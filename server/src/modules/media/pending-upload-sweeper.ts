import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mediaUploads } from '../../db/schema';
import type { DirectUploadStore } from './media-store';

// A presigned PUT the server never hears of: a file uploaded to the bucket and never sent (the
// tab closed, the message refused) stays pending. Its quota share is held and the object kept for
// a day, long enough for a send waiting in the browser's outbox through an outage; then both go.

export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const BATCH = 200;

/** Removes the objects and records of uploads pending since before `now - PENDING_UPLOAD_TTL_MS`; returns how many. */
export async function sweepPendingUploads(db: Db, store: DirectUploadStore, now: Date): Promise<number> {
  const stale = await db
    .select({ key: mediaUploads.key })
    .from(mediaUploads)
    .where(and(eq(mediaUploads.pending, true), lt(mediaUploads.createdAt, new Date(now.getTime() - PENDING_UPLOAD_TTL_MS))))
    .limit(BATCH);
  for (const { key } of stale) {
    await store.delete(key);
    // Only while still pending: a send that checked it meanwhile keeps it.
    await db.delete(mediaUploads).where(and(eq(mediaUploads.key, key), eq(mediaUploads.pending, true)));
  }
  return stale.length;
}

/** Sweeps every hour on every process (deletes are idempotent); the returned function stops it. */
export function startPendingUploadSweeper(options: {
  db: Db;
  store: DirectUploadStore;
  now: () => Date;
  log: FastifyBaseLogger;
}): () => void {
  const timer = setInterval(() => {
    sweepPendingUploads(options.db, options.store, options.now()).catch((error: unknown) =>
      options.log.error({ err: error }, 'limpeza dos uploads pendentes'),
    );
  }, SWEEP_EVERY_MS).unref();
  return () => clearInterval(timer);
}
