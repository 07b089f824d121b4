import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../plugins/error-handler';
import { appConfig } from './app-config';
import { registerWeb } from './web';

// Web serving needs no database: a bare Fastify with the app's error handler and a fake build.
const INDEX = '<!doctype html><html><head><title>shell</title></head><body></body></html>';
/** The page as served: the built file with the configuration block (index-page.test.ts) in its head. */
// A chat path's page starts with the inline script of its first calls (first-calls-script.ts).
const servesPage = (body: string) =>
  expect(body).toMatch(
    /^<!doctype html><html><head><title>shell<\/title>(<script>[\s\S]*?<\/script>)?<script type="application\/json" id="app-config">/,
  );
const html = { accept: 'text/html,application/xhtml+xml' };

function writeFiles(root: string, files: Record<string, string>) {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
}

async function webApp(webRoot: string): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandler(app);
  app.get('/api/ping', async () => ({ pong: true }));
  const config = appConfig({
    remoteUrls: { chat: null, team: null, settings: null, root: null },
    featuredWorkspaceId: null,
    productionOrigin: null,
  });
  await registerWeb(app, { webRoot, config });
  return app;
}

describe('with built shell and remotes', () => {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'chat-web-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    writeFiles(webRoot, {
      'shell/dist/index.html': INDEX,
      'shell/dist/static/js/index.3f2a1b9c.js': 'console.log(1)',
      'remote-chat/dist/mf-manifest.json': '{"name":"chat"}',
      'remote-chat/dist/remoteEntry.js': 'var chat;',
    });
    app = await webApp(webRoot);
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves the page at / without long caching, to a browser or not', async () => {
    for (const headers of [html, {}]) {
      const res = await app.inject({ method: 'GET', url: '/', headers });
      expect(res.statusCode).toBe(200);
      servesPage(res.body);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves /index.html as built (the URL the service worker precaches)', async () => {
    const res = await app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html for client routes that accept HTML', async () => {
    for (const url of ['/auth/conversations/123/group', '/root/workspaces?x=1', '/reset-password?token=abc']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      servesPage(res.body);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.inject({ method: 'GET', url: '/static/js/index.3f2a1b9c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves remote files with CORS and revalidation (manifests are not hashed)', async () => {
    const res = await app.inject({ method: 'GET', url: '/remotes/chat/mf-manifest.json', headers: { origin: 'https://other.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'chat' });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a CORS preflight on remotes', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/remotes/chat/remoteEntry.js',
      headers: { origin: 'https://other.example', 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('GET');
  });

  it('answers a real JSON 404 for missing remote files and missing remotes, even to a browser', async () => {
    for (const url of ['/remotes/chat/missing.js', '/remotes/team/mf-manifest.json', '/remotes/chat/']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Rota não encontrada' });
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('never falls back for /api, /media and /socket.io, nor for non-HTML requests', async () => {
    for (const url of ['/api/nope', '/api', '/media/avatars/x.png', '/socket.io/x']) {
      expect((await app.inject({ method: 'GET', url, headers: html })).statusCode, url).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: '/static/js/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/auth/conversations', headers: html })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/ping' })).json()).toEqual({ pong: true });
  });

  it('does not serve files outside the build folder', async () => {
    writeFiles(webRoot, { 'secret.txt': 'segredo' });
    const res = await app.inject({ method: 'GET', url: '/../secret.txt' });
    expect(res.body).not.toContain('segredo');
    const res2 = await app.inject({ method: 'GET', url: '/remotes/chat/..%2f..%2fsecret.txt' });
    expect(res2.body).not.toContain('segredo');
  });
});

describe('without a built shell', () => {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'chat-web-empty-'));
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await webApp(webRoot);
  });
  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('keeps the API up and answers JSON 404 to page requests', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);
    const res = await app.inject({ method: 'GET', url: '/auth/conversations', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Rota não encontrada');
  });
});
