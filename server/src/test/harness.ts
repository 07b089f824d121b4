import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { type Env, parseEnv } from '../config/env';
import { dropRedisPrefix } from '../lib/drop-redis-prefix';

// Test harness: a real server on a fresh database per test file. Embedded PGlite in a temporary
// DATA_DIR by default; with DATABASE_URL in the test environment, a new PostgreSQL database
// (chat_test_<random>) created through that URL and dropped at the end. With REDIS_URL, socket.io
// uses Redis under a key prefix of its own.

export const TEST_ROOT_PASSWORD = 'senha-root-teste';
export const TEST_DEMO_PASSWORD = 'senha-demo-teste';

export interface TestAppOptions {
  /** Seed the demo workspace (default true). */
  seedDemo?: boolean;
  /** Force the embedded engine even when the suite runs on PostgreSQL. */
  engine?: 'pglite';
  /** Extra variables, e.g. { REMOTE_TEAM_URL: '...' } or { ROOT_PASSWORD: '' } to have it generated. */
  env?: Record<string, string | undefined>;
  /** buildApp options beyond the environment: short rate-limit windows, a movable clock, a short upload deadline. */
  app?: Pick<BuildAppOptions, 'rateLimits' | 'now' | 'mediaUploadTimeoutMs'>;
}

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  /** Closes the app and builds a new one on the same data, like a server restart. */
  restart(): Promise<FastifyInstance>;
  /** Closes the app, drops the database, removes the temporary DATA_DIR. */
  close(): Promise<void>;
}

/** The suite's target engine, from the test process's own environment. */
export const testDatabaseUrl = (): string | null => process.env.DATABASE_URL || null;
export const testRedisUrl = (): string | null => process.env.REDIS_URL || null;
export const expectedEngine = (): 'pglite' | 'postgres' => (testDatabaseUrl() ? 'postgres' : 'pglite');

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** How long a drop waits for connections that are closing before it terminates what is left. */
const CLOSING_WAIT_MS = 2000;

/**
 * Drops a scratch database. A pool's end() resolves once its clients are asked to close, before
 * their backends are gone: terminated by FORCE in that moment, a closing client reads the FATAL
 * "terminating connection due to administrator command" with nobody left to hear it, an uncaught
 * error that fails the run (seen once in CI). So the drop waits for
 * the database's connections to go on their own, and FORCE only ends what a test left open.
 */
async function dropScratch(client: pg.Client, name: string): Promise<void> {
  for (let waited = 0; waited < CLOSING_WAIT_MS; waited += 20) {
    const { rows } = await client.query<{ open: number }>('SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]!.open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** Creates an empty database next to the one DATABASE_URL names; returns its URL and its dropper. */
export async function createScratchDatabase(adminUrl: string) {
  const name = `chat_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (c) => dropScratch(c, name)),
  };
}

/**
 * Another server process on the same data as `t`: the same PostgreSQL database, Redis and key
 * prefix (so the socket.io adapter and presence join them), DATA_DIR (JWT secret, media) and its
 * own port. PostgreSQL + Redis only: PGlite is a single process. Close it before `t`.
 */
export async function startPeerApp(t: TestApp): Promise<FastifyInstance> {
  if (!t.env.databaseUrl || !t.env.redisUrl) throw new Error('um segundo processo precisa de DATABASE_URL e REDIS_URL');
  const app = await buildApp({ env: t.env });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-test-'));
  const adminUrl = options.engine === 'pglite' ? null : testDatabaseUrl();
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : null;
  const template = inject('pgliteTemplate');
  if (!scratch && template) cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const env = parseEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url,
    REDIS_URL: testRedisUrl() ?? undefined,
    REDIS_KEY_PREFIX: `chat-test-${randomBytes(4).toString('hex')}`,
    // An empty web root: tests that need built apps bring their own.
    WEB_ROOT: path.join(dataDir, 'web'),
    ROOT_PASSWORD: TEST_ROOT_PASSWORD,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    SEED_DEMO: options.seedDemo === false ? 'false' : 'true',
    LOG_LEVEL: 'silent',
    PORT: '0',
    ...options.env,
  });

  const cleanup = async () => {
    if (env.redisUrl) await dropRedisPrefix(env.redisUrl, env.redisKeyPrefix);
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let app: FastifyInstance;
  try {
    app = await buildApp({ env, ...options.app });
  } catch (error) {
    await cleanup();
    throw error;
  }
  return {
    get app() {
      return app;
    },
    env,
    async restart() {
      await app.close();
      app = await buildApp({ env, ...options.app });
      return app;
    },
    async close() {
      try {
        await app.close();
      } finally {
        await cleanup();
      }
    },
  };
}
