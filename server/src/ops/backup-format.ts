import { APP_VERSION } from '@chat/contracts';
import type { Engine } from '../db/types';

// A backup is one gzipped tar: manifest.json, the database (PGlite's data directory as its own
// gzipped tar, or a pg_dump archive) and the uploaded files under media/.

export const MANIFEST = 'manifest.json';
export const PGLITE_DUMP = 'database/pglite.tar.gz';
export const POSTGRES_DUMP = 'database/postgres.dump';
export const MEDIA_DIR = 'media';

export interface BackupManifest {
  format: 1;
  engine: Engine;
  appVersion: string;
  createdAt: string;
}

export function manifestFor(engine: Engine, now = new Date()): BackupManifest {
  return { format: 1, engine, appVersion: APP_VERSION, createdAt: now.toISOString() };
}

/** Files that are not backed up: an upload in progress (written to a dot-file, renamed when complete). */
export const isFinishedUpload = (source: string) => !source.split('/').at(-1)!.startsWith('.');
