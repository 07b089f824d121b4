import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTeam, expectStatus, textMessage, type TestUser } from '../chat-helpers';
import { createTestApp, TEST_ROOT_PASSWORD, type TestApp } from '../harness';
import { TINY_IMAGES } from '../images';
import { target, uploadUrlFor } from '../media';

// Answers that carry tokens or private data are never stored by a browser or a proxy, and the
// process metrics are not open to the world while METRICS_TOKEN is unset.

let t: TestApp;
let ana: TestUser, bruno: TestUser;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, env: { METRICS_TOKEN: undefined, TRUST_PROXY: 'true' } });
  [ana, bruno] = await createTeam(t.app, ['Ana Cache', 'Bruno Cache']);
});
afterAll(() => t?.close());

describe('Cache-Control on /api', () => {
  it('is no-store on sign-in tokens, messages, errors and unknown /api paths', async () => {
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { identifier: 'root', password: TEST_ROOT_PASSWORD },
    });
    expect(signin.statusCode).toBe(200);
    const conversation = expectStatus<{ id: string }>(await as(t.app, ana).post('/conversation/create', { userTwoId: bruno.id }), 200);
    expectStatus(await as(t.app, ana).post('/message/send', textMessage(conversation.id, 'particular')), 200);
    const answers = {
      signin,
      refresh: await t.app.inject({ method: 'POST', url: '/api/refresh-token/use', payload: { refreshToken: signin.json().refreshToken } }),
      messages: await as(t.app, bruno).get(`/message/get-messages-by-conversation?conversationId=${conversation.id}&all=true`),
      me: await as(t.app, ana).get('/auth/me'),
      unauthorized: await t.app.inject({ method: 'GET', url: '/api/auth/me' }),
      unknown: await t.app.inject({ method: 'GET', url: '/api/nao-existe' }),
    };
    const cacheControl = Object.fromEntries(
      Object.entries(answers).map(([name, res]) => [name, `${res.statusCode} ${res.headers['cache-control']}`]),
    );
    expect(cacheControl).toEqual({
      signin: '200 no-store',
      refresh: '200 no-store',
      messages: '200 no-store',
      me: '200 no-store',
      unauthorized: '401 no-store',
      unknown: '404 no-store',
    });
  });

  it('leaves what is meant to be cached alone: uploaded files', async () => {
    const upload = await uploadUrlFor(t.app, ana.token, 'image/png');
    const put = await t.app.inject({
      method: 'PUT',
      url: target(upload),
      headers: { 'content-type': 'image/png' },
      payload: TINY_IMAGES['image/png'],
    });
    expect(put.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: upload.pathname });
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress, headers });

  it('answers a scrape from this machine (IPv4 and IPv6 loopback)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await scrape(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.body).toMatch(/^chat_connected_sockets \d/m);
    }
  });

  it('refuses any other address, and a loopback peer that relays someone else, whatever X-Forwarded-For claims', async () => {
    const refused = [
      await scrape('203.0.113.9'),
      await scrape('10.0.0.5'),
      // TRUST_PROXY=true: request.ip would believe this header; the socket's address decides.
      await scrape('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' }),
      // A proxy on this machine forwarding a public client.
      await scrape('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
      await scrape('127.0.0.1', { forwarded: 'for=203.0.113.9' }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden', message: expect.stringContaining('METRICS_TOKEN') });
      expect(res.body).not.toMatch(/chat_connected_sockets/);
    }
  });
});
