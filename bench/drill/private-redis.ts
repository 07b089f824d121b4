import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import { freePort } from '@chat/server/bench-api';
import { onCleanup } from './cleanup';
import { inNetns, type ServicePlace } from './private-postgres';

// The drill's own redis-server on a free port, without persistence (as the tests' private ones),
// never the machine's. A kill is SIGKILL; a restart starts a new empty server on the same port.

export interface PrivateRedis {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
}

/** Resolves once the port answers PING with PONG. */
async function answers(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
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

/** With `place`, in that network namespace on that address (as ServicePlace says). */
export async function startPrivateRedis(place?: ServicePlace): Promise<PrivateRedis> {
  const port = place?.port ?? (await freePort());
  const host = place?.host ?? '127.0.0.1';
  let child: ChildProcess | null = null;
  const kill = async () => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  const start = async () => {
    // Its own process group: a Ctrl-C in the terminal reaches the drill, which removes it.
    const [file, argv] = inNetns(place?.netns, [
      'redis-server',
      ['--port', String(port), '--bind', host, '--protected-mode', 'no', '--save', '', '--appendonly', 'no'],
    ]);
    child = spawn(file, argv, { stdio: 'ignore', detached: true });
    const deadline = Date.now() + 10_000;
    while (!(await answers(port, host))) {
      if (child.exitCode !== null) throw new Error(`redis-server saiu com código ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error('redis-server não respondeu em 10 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  onCleanup(kill);
  await start();
  return { url: `redis://${host}:${port}`, kill, start };
}
