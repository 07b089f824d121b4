import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

// A PostgreSQL and a Redis of a test's own, on free ports, for tests that stop, kill or freeze them.
// The machine's services are shared by every test run and are never touched.

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';

/** PostgreSQL refuses to run as root: as root, its commands run as the postgres user. */
function asPostgres(command: string, args: string[]) {
  const binary = path.join(PG_BIN, command);
  return process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', binary, ...args]) : run(binary, args);
}

async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid), gid: Number(gid) };
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  /** The postmaster's process id, for SIGSTOP/SIGCONT. */
  pid: () => Promise<number>;
  /** pg_ctl stop; `immediate` is a crash as far as clients can tell. */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  /** Stops it (if running) and removes its data directory. */
  remove: () => Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-pg-'));
  if (process.getuid?.() === 0) {
    const { uid, gid } = await postgresUser();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    if (!running) return;
    running = false;
    await asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  };
  try {
    await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    await asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    running = true;
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pid: async () => {
      const { stdout } = await run('head', ['-1', path.join(data, 'postmaster.pid')]);
      return Number(stdout.trim());
    },
    stop,
    remove: async () => {
      await stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  child: ChildProcess;
  /** SIGKILL, and waits until it is gone. */
  kill: () => Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`redis-server saiu (${code}): ${output}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  child.stdout?.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    child,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
