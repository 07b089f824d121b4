import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION, healthSchema } from '@chat/contracts';
import { buildApp } from '../../app';
import { parseEnv } from '../../config/env';
import { TEST_DEMO_PASSWORD, TEST_ROOT_PASSWORD } from '../../test/harness';
import { type PrivatePostgres, type PrivateRedis, startPrivatePostgres, startPrivateRedis } from '../../test/private-services';
import { HEALTH_CHECK_TIMEOUT_MS } from './dependency-checks';

// /api/health on a PostgreSQL and a Redis of this test's own, frozen and stopped in turn: it names
// the one that is down, answers 503 within its timeout, and what needs no database keeps working.

let postgres: PrivatePostgres;
let redis: PrivateRedis;
let app: FastifyInstance;
let dataDir: string;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-health-'));
  const env = parseEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    WEB_ROOT: path.join(dataDir, 'web'),
    ROOT_PASSWORD: TEST_ROOT_PASSWORD,
    DEMO_PASSWORD: TEST_DEMO_PASSWORD,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  app = await buildApp({ env });
}, 120_000);

afterAll(async () => {
  redis?.child.kill('SIGCONT');
  await app?.close();
  await redis?.kill();
  await postgres?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function health() {
  const started = Date.now();
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: healthSchema.parse(res.json()), ms: Date.now() - started };
}

describe('GET /api/health with a dependency down', () => {
  it('names the dependency, answers 503 within its timeout, and serves what needs no database', async () => {
    expect((await health()).body.dependencies).toEqual({ database: 'ok', redis: 'ok' });

    // A frozen Redis keeps its connections open and answers nothing.
    redis.child.kill('SIGSTOP');
    const frozen = await health();
    expect(frozen).toMatchObject({ status: 503, body: { status: 'unavailable', dependencies: { database: 'ok', redis: 'down' } } });
    expect(frozen.ms).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 1000);
    redis.child.kill('SIGCONT');
    await expect.poll(async () => (await health()).status, { timeout: 10_000 }).toBe(200);

    await postgres.stop('immediate');
    const down = await health();
    expect(down).toMatchObject({
      status: 503,
      body: { status: 'unavailable', engine: 'postgres', version: APP_VERSION, dependencies: { database: 'down', redis: 'ok' } },
    });
    expect(down.ms).toBeLessThan(HEALTH_CHECK_TIMEOUT_MS + 1000);
    expect((await app.inject({ method: 'GET', url: '/config.json' })).statusCode).toBe(200);
  });
});
