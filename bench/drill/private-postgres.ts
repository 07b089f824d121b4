import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
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

/** The command, run inside network namespace `netns` when one is given (`ip netns exec`, root only). */
export function inNetns(netns: string | undefined, [file, argv]: [string, string[]]): [string, string[]] {
  return netns ? ['ip', ['netns', 'exec', netns, file, ...argv]] : [file, argv];
}

async function pgTool(program: string, args: string[], netns?: string): Promise<void> {
  const [file, argv] = inNetns(netns, asOwner(program, args));
  await run(file, argv, { timeout: 60_000 });
}

/**
 * Where a private server listens: by default 127.0.0.1 on a free port; the cluster drill puts it
 * in a network namespace of its own on that namespace's address.
 */
export interface ServicePlace {
  netns: string;
  host: string;
  port: number;
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

/**
 * In a temp folder of its own, which the `postgres` user must own and reach. With `place`, in that
 * namespace on that address, trusting connections from `trustedNetwork` (a CIDR).
 */
export async function startPrivatePostgres(place?: ServicePlace & { trustedNetwork: string }): Promise<PrivatePostgres> {
  const port = place?.port ?? (await freePort());
  const host = place?.host ?? '127.0.0.1';
  const dir = mkdtempSync(path.join(os.tmpdir(), 'papo-exercicio-pg-'));
  const data = path.join(dir, 'data');
  const options = `-p ${port} -k ${dir} -c listen_addresses=${host} -c max_connections=200`;
  const ctl = (args: string[]) => pgTool('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, ...args], place?.netns);
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
  if (place) appendFileSync(path.join(data, 'pg_hba.conf'), `host all all ${place.trustedNetwork} trust\n`);
  await ctl(['start', '-w']);
  const urlOf = (database: string) => `postgres://postgres@${host}:${port}/${database}`;
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
