import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthSchema, type ServerDraining, SOCKET_NAMESPACE, signinResponseSchema } from '@chat/contracts';
import { MOVE_WINDOW_MIN_MS } from './modules/realtime/move-sockets';
import { createScratchDatabase, TEST_ROOT_PASSWORD, testDatabaseUrl } from './test/harness';
import { freePort, type ServerProcess, startServerProcess } from './test/server-process';

// A SIGTERM with SHUTDOWN_DRAIN_MS, as behind a load balancer: the process answers 503 'draining'
// on /api/health at once while it keeps serving everything else, only after the drain tells its
// sockets to reconnect (within the window for its socket count), and exits once they have left.
// The real process (main.ts), on the suite's engine.

const DRAIN_MS = 1500;
/** tsx, exit and the OS, beyond the drain and the window. */
const EXIT_SLACK_MS = 3000;

let server: ServerProcess;
let dataDir: string;
let accessToken: string;
let socket: Socket;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;

beforeAll(async () => {
  const adminUrl = testDatabaseUrl();
  if (adminUrl) scratch = await createScratchDatabase(adminUrl);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-drain-'));
  server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ROOT_PASSWORD: TEST_ROOT_PASSWORD,
      SEED_DEMO: 'false',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    },
    await freePort(),
  );
  const res = await fetch(`${server.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'root@chat.local', password: TEST_ROOT_PASSWORD }),
  });
  const signedIn = signinResponseSchema.parse(await res.json());
  accessToken = signedIn.accessToken;
  socket = connect(`${server.url}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    auth: { token: accessToken },
    query: { id: signedIn.user.id, name: signedIn.user.name },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
}, 120_000);

afterAll(async () => {
  socket?.close();
  await server?.kill();
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM with SHUTDOWN_DRAIN_MS', () => {
  it('answers 503 draining, keeps serving, moves its sockets after the drain and exits', async () => {
    const notice = new Promise<{ at: number; payload: ServerDraining }>((resolve) =>
      socket.once('server:draining', (payload: ServerDraining) => resolve({ at: Date.now(), payload })),
    );
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(healthSchema.parse(await health.json()).status).toBe('draining');
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.status).toBe(200);

    const told = await notice;
    expect(told.at - signalled).toBeGreaterThanOrEqual(DRAIN_MS - 50);
    expect(told.payload).toEqual({ reconnectWithinMs: MOVE_WINDOW_MIN_MS });
    // As a client does when told: leave; the process then closes without waiting out the window.
    socket.disconnect();
    const exit = await exited;
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(DRAIN_MS + MOVE_WINDOW_MIN_MS + EXIT_SLACK_MS);
  }, 30_000);
});
