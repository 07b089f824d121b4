import { execFile } from 'node:child_process';
import { createConnection } from 'node:net';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { Env } from '../config/env';
import { pgliteStorage } from '../db/pglite/durability';
import { openPglite, pgliteExtensions } from '../db/pglite/open';
import { controlSocketPath, DUMP_REQUEST } from '../modules/backup/control-socket';

const run = promisify(execFile);

/**
 * The embedded database as a gzipped tar of its data directory. A running server is asked through
 * its control socket (it dumps between two queries: a consistent copy); a stopped one is opened
 * here, which takes the data-dir lock, so a server starting meanwhile waits its turn by failing.
 */
export async function dumpPglite(
  env: Pick<Env, 'dataDir' | 'dataDirLabel' | 'dbDurability'>,
): Promise<{ bytes: Uint8Array; live: boolean }> {
  const live = await askRunningServer(controlSocketPath(env.dataDir));
  if (live) return { bytes: live, live: true };
  const database = await openPglite({ dataDir: env.dataDir, dataDirLabel: env.dataDirLabel, durability: env.dbDurability });
  try {
    return { bytes: await database.dumpDataDir!(), live: false };
  } finally {
    await database.close();
  }
}

/** The dump from the server listening on `socketPath`, or null when no server listens there. */
function askRunningServer(socketPath: string): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let connected = false;
    const socket = createConnection(socketPath, () => {
      connected = true;
      socket.write(DUMP_REQUEST);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const bytes = Buffer.concat(chunks);
      if (bytes.length === 0) reject(new Error('o servidor em execução não conseguiu copiar o banco (veja o log dele)'));
      else resolve(new Uint8Array(bytes));
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // No socket file, or a leftover of a killed server: nobody is running.
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
  });
}

/** Writes a PGlite dump into an empty data directory, with the same durability as the server. */
export async function loadPglite(pgliteDir: string, dump: Uint8Array): Promise<void> {
  const pg = await PGlite.create({
    dataDir: pgliteDir,
    ...pgliteStorage(pgliteDir, 'strict'),
    extensions: pgliteExtensions,
    loadDataDir: new Blob([new Uint8Array(dump)]),
  });
  await pg.close();
}

/** pg_dump's custom format (compressed, restorable with pg_restore). */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
}
