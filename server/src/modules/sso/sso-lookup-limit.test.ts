import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../../lib/errors';
import { createTestApp, type TestApp } from '../../test/harness';

// The sign-in page's lookup tells whether an e-mail domain signs in through a provider: limited
// per IP, so the domains cannot be listed by asking for every one.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: false, app: { rateLimits: { ssoLookupPerIp: { max: 3, windowMs: 60_000 } } } });
});
afterAll(() => t?.close());

const lookup = (email: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: `/api/sso/lookup?email=${encodeURIComponent(email)}`, remoteAddress: ip });

describe('GET /api/sso/lookup', () => {
  it('answers 429 past the limit of one IP, and another IP still gets its answers', async () => {
    for (let i = 0; i < 3; i++) expect((await lookup(`p@dominio${i}.com.br`)).statusCode).toBe(404);
    const limited = await lookup('p@outro.com.br');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(TOO_MANY_ATTEMPTS);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await lookup('p@outro.com.br', '198.51.100.9')).statusCode).toBe(404);
  });
});
