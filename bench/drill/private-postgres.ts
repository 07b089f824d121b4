import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '@chat/server/bench-api';
import { onCleanup } from './cleanup';

// The drill's own PostgreSQL 15 (initdb + pg_ctl into a temp folder, on a free port), never the
// machine's: stopping a shared server would break everyone else's work. PostgreSQL refuses to run
// as root, so as root its programs run as the `postgres` user.

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);

function asOwner(program: string, args: string[]): [string, string[]] {
  const bin = path.join(BIN, program);
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

async function pgTool(program: string, args: string[]): Promise<void> {
  const [file, argv] = asOwner(program, args);
  await run(file, argv, { timeout: 60_000 });
}

export interface PrivatePostgres {
  port: number;
  urlOf(database: string): string;
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m immediate`: every backend dies at once, as in a crash. */
  crash(): Promise<void>;
  /** `pg_ctl start -w`: returns once it accepts connections again. */
  start(): Promise<void>;
}

/** In a temp folder of its own, which the `postgres` user must own and reach. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'papo-exercicio-pg-'));
  const data = path.join(dir, 'data');
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const ctl = (args: string[]) => pgTool('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, ...args]);
  // Cleanup is registered first: a failed initdb or start still leaves nothing behind.
  onCleanup(async () => {
    await ctl(['stop', '-m', 'immediate']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });
  if (process.getuid?.() === 0) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(uid.trim()), Number(gid.trim()));
  }
  await pgTool('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  await ctl(['start', '-w']);
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    urlOf,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    crash: () => ctl(['stop', '-m', 'immediate']),
    start: () => ctl(['start', '-w']),
  };
}
