import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { freePort } from '@chat/server/bench-api';
import { onCleanup } from './cleanup';

// The drill's own redis-server on a free port, without persistence (as the tests' private ones),
// never the machine's. A kill is SIGKILL; a restart starts a new empty server on the same port.

export interface PrivateRedis {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
}

/** Resolves once the port answers PING with PONG. */
async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const kill = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  const start = async () => {
    // Its own process group: a Ctrl-C in the terminal reaches the drill, which removes it.
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
      detached: true,
    });
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server saiu com código ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server não respondeu em 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  onCleanup(kill);
  await start();
  return { url: `redis://127.0.0.1:${port}`, kill, start };
}
