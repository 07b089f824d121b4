import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort } from './server-process';

// A Redis of the test's own, on a free port, that the test may kill and start again: the machine's
// shared Redis is never stopped. Nothing is saved to disk, so a restart comes back empty, as a
// Redis without persistence does after a crash.

export interface PrivateRedis {
  url: string;
  /** SIGKILL: every connection drops at once, nothing is kept. */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Kills it for good (afterAll). */
  remove(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function answers(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.ping();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      client.disconnect();
    }
  }
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await answers(url);
  };
  const kill = async () => {
    if (!child) return;
    const done = exited(child);
    child.kill('SIGKILL');
    await done;
    child = null;
  };
  await start();
  return { url, kill, start, remove: kill };
}
