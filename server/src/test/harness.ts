import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { type Env, parseEnv } from '../config/env';
import { dropRedisPrefix } from '../lib/drop-redis-prefix';
import { createScratchDatabase } from './scratch-database';

export { createScratchDatabase } from './scratch-database';

// Test harness: a real server on a fresh database per test file. Embedded PGlite in a temporary
// DATA_DIR by default (a copy of the suite's migrated template); with DATABASE_URL in the test
// environment, a new PostgreSQL database (chat_test_<random>, created from the suite's migrated
// template) through that URL and dropped at the end. With REDIS_URL, socket.io uses Redis under a
// key prefix of its own. The e-mail digest's periodic rounds are off (they would write to the
// database between a test's reads): a test runs one with app.ctx.digests.runOnce().

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
  app?: Pick<BuildAppOptions, 'rateLimits' | 'now' | 'mediaUploadTimeoutMs' | 'push' | 'emailDigestRounds' | 'webhooks'>;
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

/**
 * Another server process on the same data as `t`: the same PostgreSQL database, Redis and key
 * prefix (so the socket.io adapter and presence join them), DATA_DIR (JWT secret, media) and its
 * own port. PostgreSQL + Redis only: PGlite is a single process. Close it before `t`.
 */
export async function startPeerApp(t: TestApp, options: TestAppOptions['app'] = {}): Promise<FastifyInstance> {
  if (!t.env.databaseUrl || !t.env.redisUrl) throw new Error('um segundo processo precisa de DATABASE_URL e REDIS_URL');
  const app = await buildApp({ env: t.env, emailDigestRounds: false, ...options });
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
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, inject('postgresTemplate')) : null;
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
    app = await buildApp({ env, emailDigestRounds: false, ...options.app });
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
      app = await buildApp({ env, emailDigestRounds: false, ...options.app });
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
