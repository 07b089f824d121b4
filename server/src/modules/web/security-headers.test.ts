import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/harness';
import { TINY_IMAGES } from '../../test/images';
import { target, uploadUrlFor } from '../../test/media';
import { FIRST_CALLS_SCRIPTS } from './first-calls-script';
import { registerSecurityHeaders } from './security-headers';
import { SESSION_GATE_CSP_SOURCE } from './session-gate';
import { THEME_CSP_SOURCE } from './theme-script';

const FIRST_CALLS_CSP_SOURCE = FIRST_CALLS_SCRIPTS.chat!.cspSource;

// Every answer of the real app carries the security headers: the page, a remote's file, the API,
// /config.json, uploaded media, and 404s. The CSP names exactly the remote origins /config.json
// points to.

const TEAM_CDN = 'https://cdn.exemplo.com.br';
const html = { accept: 'text/html' };

/** "a b; c d" -> { a: ['b'], c: ['d'] } */
function parseCsp(header: string | string[] | number | undefined): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const webRoot = mkdtempSync(path.join(os.tmpdir(), 'chat-headers-web-'));
let t: TestApp;
beforeAll(async () => {
  for (const [file, content] of Object.entries({
    'shell/dist/index.html': '<!doctype html><title>shell</title>',
    'remote-chat/dist/remoteEntry.js': 'var remote_chat;',
  })) {
    mkdirSync(path.dirname(path.join(webRoot, file)), { recursive: true });
    writeFileSync(path.join(webRoot, file), content);
  }
  t = await createTestApp({ env: { WEB_ROOT: webRoot, REMOTE_TEAM_URL: `${TEAM_CDN}/team/mf-manifest.json` } });
});
afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

function expectCommonHeaders(headers: Record<string, unknown>, what: string) {
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['permissions-policy'], what).toMatch(/(^|, )camera=\(\)/);
  expect(headers['permissions-policy'], what).toMatch(/geolocation=\(\)/);
  expect(headers['permissions-policy'], what).toMatch(/microphone=\(self\)/);
  // APP_URL is http here: no HSTS.
  expect(headers['strict-transport-security'], what).toBeUndefined();
}

function expectPagePolicy(header: unknown, what: string) {
  const csp = parseCsp(header as string);
  expect(csp['script-src'], what).toEqual(["'self'", THEME_CSP_SOURCE, SESSION_GATE_CSP_SOURCE, FIRST_CALLS_CSP_SOURCE, TEAM_CDN]);
  expect(csp['default-src'], what).toEqual(["'self'"]);
  expect(csp['frame-ancestors'], what).toEqual(["'none'"]);
  expect(csp['object-src'], what).toEqual(["'none'"]);
  expect(csp['connect-src'], what).toContain(`ws://${new URL(t.env.appUrl).host}`);
  expect(csp['connect-src'], what).toContain(TEAM_CDN);
  expect(csp['img-src'], what).toEqual(["'self'", new URL(t.env.appUrl).origin, 'blob:', 'data:']);
  expect(csp['upgrade-insecure-requests'], what).toBeUndefined();
  expect(String(header), what).not.toContain('unsafe-eval');
}

describe('response headers', () => {
  it('on the page (/ and a client route)', async () => {
    for (const url of ['/', '/auth/conversations']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expectCommonHeaders(res.headers, url);
      expectPagePolicy(res.headers['content-security-policy'], url);
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it("on a remote's file, which another origin may load", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/remotes/chat/remoteEntry.js' });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers, 'remote');
    expectPagePolicy(res.headers['content-security-policy'], 'remote');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('on the API, /config.json and a 404', async () => {
    for (const url of ['/api/health', '/config.json', '/api/nao-existe']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectCommonHeaders(res.headers, url);
      expectPagePolicy(res.headers['content-security-policy'], url);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: {} });
    expect(refused.statusCode).toBe(400);
    expectCommonHeaders(refused.headers, 'error');
  });

  it('on uploaded media, which keeps its own stricter policy', async () => {
    const { accessToken } = await signIn(t.app, 'ana');
    const url = await uploadUrlFor(t.app, accessToken, 'image/png');
    const put = await t.app.inject({
      method: 'PUT',
      url: target(url),
      headers: { 'content-type': 'image/png' },
      payload: TINY_IMAGES['image/png'],
    });
    expect(put.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(res.statusCode).toBe(200);
    expectCommonHeaders(res.headers, 'media');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
  });
});

describe('registerSecurityHeaders', () => {
  it('sends HSTS and upgrade-insecure-requests only when APP_URL is https', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, {
      appUrl: 'https://papo.exemplo.com.br',
      remoteUrls: { chat: null, team: null, settings: null, root: null },
    });
    app.get('/x', async () => 'ok');
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = parseCsp(res.headers['content-security-policy']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
    expect(csp['connect-src']).toContain('wss://papo.exemplo.com.br');
    expect(csp['script-src']).toEqual(["'self'", THEME_CSP_SOURCE, SESSION_GATE_CSP_SOURCE, FIRST_CALLS_CSP_SOURCE]);
    await app.close();
  });

  it('lets a path prefix derive its own policy (e.g. an API reference page) without touching others', async () => {
    const app = Fastify();
    await registerSecurityHeaders(
      app,
      { appUrl: 'http://localhost:3000', remoteUrls: { chat: null, team: null, settings: null, root: null } },
      { prefixPolicies: [{ prefix: '/api/docs', csp: (d) => ({ ...d, 'script-src': [...d['script-src']!, "'unsafe-inline'"] }) }] },
    );
    app.get('/api/docs', async () => 'docs');
    app.get('/api/docs/static/x.js', async () => 'js');
    app.get('/api/health', async () => 'ok');
    for (const url of ['/api/docs', '/api/docs/static/x.js']) {
      const csp = parseCsp((await app.inject({ method: 'GET', url })).headers['content-security-policy']);
      expect(csp['script-src'], url).toEqual([
        "'self'",
        THEME_CSP_SOURCE,
        SESSION_GATE_CSP_SOURCE,
        FIRST_CALLS_CSP_SOURCE,
        "'unsafe-inline'",
      ]);
      expect(csp['frame-ancestors'], url).toEqual(["'none'"]);
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(parseCsp(health.headers['content-security-policy'])['script-src']).toEqual([
      "'self'",
      THEME_CSP_SOURCE,
      SESSION_GATE_CSP_SOURCE,
      FIRST_CALLS_CSP_SOURCE,
    ]);
    expect(health.headers['referrer-policy']).toBe('no-referrer');
    await app.close();
  });
});
