import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server as a child process (src/main.ts through tsx, so the suite needs no build), for
// what app.inject cannot show: a process killed with SIGKILL, then started again on its data.

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed or closed by the server. */
  kill: () => Promise<void>;
  /** SIGTERM, as a deploy would stop it. */
  stop: () => Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts `src/main.ts` with exactly `env` (plus PATH) and waits until /api/health answers 200. */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), APP_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const signal = async (name: NodeJS.Signals) => {
    const done = exited(child);
    child.kill(name);
    await done;
  };
  const server: ServerProcess = { url, child, output: () => output, kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM') };

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`o servidor saiu com código ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`o servidor não respondeu em 60 s:\n${output}`);
}
