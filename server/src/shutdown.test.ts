import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_NAMESPACE, signinResponseSchema } from '@chat/contracts';
import { TEST_ROOT_PASSWORD } from './test/harness';
import { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from './test/private-services';
import { freePort, type ServerProcess, startServerProcess } from './test/server-process';

// Two real server processes on a PostgreSQL and a Redis of this test's own, both killed before the
// processes are told to stop: a SIGTERM still ends each within SHUTDOWN_TIMEOUT_MS, and a second
// signal ends it at once.

const BOUND_MS = 3000;
/** tsx, exit and the OS: what a bounded exit may take beyond its bound. */
const EXIT_SLACK_MS = 1500;

let postgres: PrivatePostgres;
let redis: PrivateRedis;
const dataDirs: string[] = [];
const processes: ServerProcess[] = [];

async function start(shutdownTimeoutMs: number): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-shutdown-'));
  dataDirs.push(dataDir);
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      ROOT_PASSWORD: TEST_ROOT_PASSWORD,
      SEED_DEMO: 'false',
      SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
    },
    await freePort(),
  );
  processes.push(server);
  return server;
}

function exitWithin(server: ServerProcess, ms: number): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`o processo não saiu em ${ms} ms:\n${server.output()}`)), ms);
    server.child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, ms: Date.now() - started });
    });
  });
}

/** A socket of the root account on `server`, and the reason it is disconnected with, once it is. */
async function openSocket(server: ServerProcess): Promise<{ socket: Socket; disconnected: Promise<string> }> {
  const res = await fetch(`${server.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'root@chat.local', password: TEST_ROOT_PASSWORD }),
  });
  const { accessToken, user } = signinResponseSchema.parse(await res.json());
  const socket = connect(`${server.url}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    auth: { token: accessToken },
    query: { id: user.id, name: user.name },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, disconnected: new Promise((resolve) => socket.once('disconnect', resolve)) };
}

let bounded: ServerProcess;
let patient: ServerProcess;
let boundedSocket: Awaited<ReturnType<typeof openSocket>>;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  // One at a time: the first migrates and bootstraps the shared database.
  bounded = await start(BOUND_MS);
  patient = await start(60_000);
  boundedSocket = await openSocket(bounded);
  await Promise.all([redis.kill(), postgres.stop('immediate')]);
}, 180_000);

afterAll(async () => {
  boundedSocket?.socket.close();
  await Promise.all(processes.map((server) => server.kill()));
  await redis?.kill();
  await postgres?.remove();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('shutdown with Redis and PostgreSQL gone', () => {
  it('ends within SHUTDOWN_TIMEOUT_MS of a SIGTERM, its sockets told to reconnect first', async () => {
    const exit = exitWithin(bounded, BOUND_MS + EXIT_SLACK_MS);
    bounded.child.kill('SIGTERM');
    // A lost transport, which socket.io clients reconnect from; 'io server disconnect' would be final.
    expect(await boundedSocket.disconnected).toBe('transport close');
    // Cut by the closing process, not by its exit.
    expect(bounded.child.exitCode).toBeNull();
    await exit;
  });

  it('exits at once on a second signal', async () => {
    patient.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(patient.child.exitCode).toBeNull();
    const exit = exitWithin(patient, 1000);
    patient.child.kill('SIGINT');
    expect((await exit).ms).toBeLessThan(1000);
  });
});
