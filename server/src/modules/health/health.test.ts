import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema, APP_VERSION, healthSchema } from '@chat/contracts';
import { createTestApp, expectedEngine, testRedisUrl, type TestApp } from '../../test/harness';

const TEAM_URL = 'https://cdn.example.com/team/mf-manifest.json';
const FEATURED = '0b6f4c1e-7a52-4c55-9d8e-2f8a8f1e9d10';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seedDemo: false,
    env: { REMOTE_TEAM_URL: TEAM_URL, FEATURED_WORKSPACE_ID: FEATURED, PRODUCTION_ORIGIN: 'https://chat.example.com/' },
  });
});
afterAll(() => t?.close());

describe('GET /api/health', () => {
  it('reports ok, the engine in use, the version and each dependency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(healthSchema.parse(res.json())).toEqual({
      status: 'ok',
      engine: expectedEngine(),
      version: APP_VERSION,
      dependencies: { database: 'ok', ...(testRedisUrl() ? { redis: 'ok' } : {}) },
    });
  });
});

describe('GET /config.json', () => {
  it('describes the runtime configuration, honouring REMOTE_TEAM_URL and the flag settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(appConfigSchema.parse(res.json())).toEqual({
      version: APP_VERSION,
      apiBaseUrl: '/api',
      socketUrl: '',
      remotes: {
        chat: '/remotes/chat/mf-manifest.json',
        team: TEAM_URL,
        settings: '/remotes/settings/mf-manifest.json',
        root: '/remotes/root/mf-manifest.json',
      },
      flags: { featuredWorkspaceId: FEATURED, productionOrigin: 'https://chat.example.com' },
    });
  });
});

describe('errors', () => {
  it('answers unknown API routes with the JSON error shape in Portuguese', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Rota não encontrada' });
  });
});
