import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import type { Env } from '../config/env';
import { type BackupManifest, isFinishedUpload, MANIFEST, manifestFor, MEDIA_DIR, PGLITE_DUMP, POSTGRES_DUMP } from './backup-format';
import { dumpPglite, dumpPostgres } from './database-dump';

export interface BackupReport {
  file: string;
  manifest: BackupManifest;
  /** The embedded database was copied by the running server. */
  live: boolean;
}

/**
 * Writes the backup of this deployment to `file`: the database first, then the media. Uploaded
 * files never change and a message can only point to a file uploaded before it, so every image
 * the copied database mentions is already on disk when the media are copied.
 */
export async function createBackup(
  env: Pick<Env, 'dataDir' | 'dataDirLabel' | 'dbDurability' | 'databaseUrl'>,
  file: string,
): Promise<BackupReport> {
  const staging = mkdtempSync(path.join(os.tmpdir(), 'chat-backup-'));
  try {
    mkdirSync(path.join(staging, 'database'));
    let live = false;
    if (env.databaseUrl) {
      await dumpPostgres(env.databaseUrl, path.join(staging, POSTGRES_DUMP));
    } else {
      const dump = await dumpPglite(env);
      writeFileSync(path.join(staging, PGLITE_DUMP), dump.bytes);
      live = dump.live;
    }
    const media = path.join(env.dataDir, MEDIA_DIR);
    if (existsSync(media)) cpSync(media, path.join(staging, MEDIA_DIR), { recursive: true, filter: isFinishedUpload });
    const manifest = manifestFor(env.databaseUrl ? 'postgres' : 'pglite');
    writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    // Written next to its destination, then renamed: an interrupted backup never looks complete.
    const partial = `${file}.part`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, ['.']);
    renameSync(partial, file);
    return { file, manifest, live };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
