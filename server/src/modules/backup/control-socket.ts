import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/types';

// `npm run backup` must copy the embedded database while the server runs, but PGlite lives inside
// this process and its data directory is locked. So the server answers backup requests on a Unix
// socket inside DATA_DIR: whoever may connect to it may read DATA_DIR anyway (mode 0600, owner
// only), and it is never reachable over the network. Protocol: the client writes "dump\n"; the
// server writes the gzipped tar of the data directory and closes.

export const CONTROL_SOCKET_NAME = 'control.sock';
export const DUMP_REQUEST = 'dump\n';
/** Unix socket paths are limited to about 107 bytes. */
const MAX_SOCKET_PATH = 100;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET_NAME);
}

/** Listens while the app runs; null when the database has no dump (PostgreSQL) or the path is too long. */
export async function openControlSocket(dataDir: string, database: Database, log: FastifyBaseLogger): Promise<Server | null> {
  const dump = database.dumpDataDir;
  if (!dump) return null;
  const file = controlSocketPath(dataDir);
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log.warn(`backup com o servidor ligado indisponível: caminho longo demais para o socket ${file}`);
    return null;
  }
  // A leftover of a killed process: the data-dir lock already proved no live server owns it.
  rmSync(file, { force: true });
  const server = createServer((connection) => {
    let request = '';
    connection.setEncoding('utf8');
    connection.on('error', () => undefined);
    connection.on('data', (chunk: string) => {
      request += chunk;
      if (request.length > DUMP_REQUEST.length) return void connection.destroy();
      if (request !== DUMP_REQUEST) return;
      dump().then(
        (bytes) => connection.end(bytes),
        (error: unknown) => {
          log.error({ err: error }, 'backup: falha ao copiar o banco');
          connection.destroy();
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(file, () => resolve());
  });
  chmodSync(file, 0o600);
  return server;
}

export async function closeControlSocket(server: Server | null): Promise<void> {
  if (!server) return;
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
