import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// TRUST_PROXY decides whose address the per-IP sign-in limit counts: without it every client
// behind a load balancer shares the balancer's address (and X-Forwarded-For is ignored, so a client
// cannot forge its way out of the limit); with it, each client counts on its own.

const PER_IP = 3;
const options = (trustProxy?: string) => ({
  seedDemo: false,
  env: { TRUST_PROXY: trustProxy },
  app: { rateLimits: { signinPerIp: { max: PER_IP, windowMs: 60_000 }, signinPerIdentifier: { max: 100, windowMs: 60_000 } } },
});

let direct: TestApp;
let oneHop: TestApp;
let byNetwork: TestApp;
beforeAll(async () => {
  [direct, oneHop, byNetwork] = await Promise.all([
    createTestApp(options()),
    createTestApp(options('1')),
    createTestApp(options('10.0.0.0/8, 127.0.0.1')),
  ]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), oneHop?.close(), byNetwork?.close()]);
});

let n = 0;
/** A failed sign-in (unknown account) arriving from `remoteAddress` with that X-Forwarded-For. */
function failedSignin(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { identifier: `ninguem${++n}`, password: 'senha-errada' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

describe('without TRUST_PROXY', () => {
  it('counts the socket address: clients behind one proxy share its limit, whatever they forward', async () => {
    for (let i = 1; i <= PER_IP; i++) expect((await failedSignin(direct, '10.9.0.1', `203.0.113.${i}`)).statusCode).toBe(401);
    expect((await failedSignin(direct, '10.9.0.1', '203.0.113.99')).statusCode).toBe(429);
    expect((await failedSignin(direct, '10.9.0.2')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY=1 (one load balancer)', () => {
  it('counts each forwarded client on its own', async () => {
    for (let i = 1; i <= PER_IP; i++) expect((await failedSignin(oneHop, '10.9.0.1', '198.51.100.1')).statusCode).toBe(401);
    expect((await failedSignin(oneHop, '10.9.0.1', '198.51.100.1')).statusCode).toBe(429);
    // Another client through the same balancer is not affected.
    expect((await failedSignin(oneHop, '10.9.0.1', '198.51.100.2')).statusCode).toBe(401);
  });

  it('believes only the hop the balancer added: a forged leftmost entry does not escape the limit', async () => {
    for (let i = 1; i <= PER_IP; i++) expect((await failedSignin(oneHop, '10.9.0.1', `1.2.3.${i}, 198.51.100.7`)).statusCode).toBe(401);
    expect((await failedSignin(oneHop, '10.9.0.1', '1.2.3.200, 198.51.100.7')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY as networks', () => {
  it('believes X-Forwarded-For from a listed proxy only', async () => {
    for (let i = 1; i <= PER_IP; i++) expect((await failedSignin(byNetwork, '10.1.2.3', '198.51.100.10')).statusCode).toBe(401);
    expect((await failedSignin(byNetwork, '10.200.0.1', '198.51.100.10')).statusCode).toBe(429);
    // Not a listed proxy: its own address counts, and its header is ignored.
    for (let i = 1; i <= PER_IP; i++) expect((await failedSignin(byNetwork, '192.0.2.5', `198.51.100.${20 + i}`)).statusCode).toBe(401);
    expect((await failedSignin(byNetwork, '192.0.2.5', '198.51.100.99')).statusCode).toBe(429);
  });
});
