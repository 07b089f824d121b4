import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import type { Env } from '../config/env';
import { type BackupManifest, MANIFEST, MEDIA_DIR, PGLITE_DUMP, POSTGRES_DUMP } from './backup-format';
import { loadPglite, restorePostgres } from './database-dump';

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0]?.n === '0';
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into an empty DATA_DIR (and, for a PostgreSQL backup, into the empty database
 * DATABASE_URL names). Anything already there is refused, never overwritten.
 */
export async function restoreBackup(env: Pick<Env, 'dataDir' | 'dataDirLabel' | 'databaseUrl'>, file: string): Promise<BackupManifest> {
  if (existsSync(env.dataDir) && readdirSync(env.dataDir).length > 0) {
    throw new RestoreRefusedError(`DATA_DIR ${env.dataDirLabel} não está vazio: a restauração só grava num DATA_DIR vazio.`);
  }
  const staging = mkdtempSync(path.join(os.tmpdir(), 'chat-restore-'));
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifest = JSON.parse(readFileSync(path.join(staging, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new RestoreRefusedError(`formato de backup desconhecido: ${String(manifest.format)}`);
    if (manifest.engine === 'postgres') {
      if (!env.databaseUrl) throw new RestoreRefusedError('este backup é de PostgreSQL: defina DATABASE_URL com um banco vazio.');
      if (!(await postgresIsEmpty(env.databaseUrl))) throw new RestoreRefusedError('o banco de DATABASE_URL não está vazio.');
    } else if (env.databaseUrl) {
      throw new RestoreRefusedError('este backup é do banco embutido (PGlite): restaure sem DATABASE_URL.');
    }

    mkdirSync(env.dataDir, { recursive: true });
    if (manifest.engine === 'postgres') await restorePostgres(env.databaseUrl!, path.join(staging, POSTGRES_DUMP));
    else await loadPglite(path.join(env.dataDir, 'pglite'), readFileSync(path.join(staging, PGLITE_DUMP)));
    const media = path.join(staging, MEDIA_DIR);
    if (existsSync(media)) cpSync(media, path.join(env.dataDir, MEDIA_DIR), { recursive: true });
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
