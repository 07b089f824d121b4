import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './access-token';

const SECRET = 'segredo-de-teste-com-mais-de-32-caracteres';
const subject = { id: '6f1d0c1e-8a4b-4c7e-9f3a-2b5d7e9a1c3f', role: 'USER' as const, workspaceId: null };

describe('AccessTokens.verify and its cache of verified tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same claims for a token seen before', async () => {
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(subject);
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: subject.id, role: 'USER' });
    expect(await tokens.verify(token)).toEqual(first);
  });

  it('refuses a cached token once it has expired, as jwtVerify would', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(subject, 60);
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-01T12:00:59Z'));
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date('2026-01-01T12:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token whose signature differs from a cached one with the same payload', async () => {
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(subject);
    expect(await tokens.verify(token)).not.toBeNull();
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged)).toBeNull();
    expect(await new AccessTokens(`${SECRET}-outro`).verify(token)).toBeNull();
  });

  it('checks a new token in this thread, without a WebCrypto job (the reconnection wave)', async () => {
    const tokens = new AccessTokens(SECRET);
    const token = await tokens.sign(subject);
    const subtleVerify = vi.spyOn(crypto.subtle, 'verify');
    try {
      expect(await new AccessTokens(SECRET).verify(token)).toMatchObject({ sub: subject.id, role: 'USER', workspaceId: null });
      expect(subtleVerify).not.toHaveBeenCalled();
    } finally {
      subtleVerify.mockRestore();
    }
  });

  it('refuses what jwtVerify with HS256 refused: another algorithm, a crit header, a bad or missing signature, expiry, nbf ahead, garbage', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
    const tokens = new AccessTokens(SECRET);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: subject.id, role: 'USER', workspaceId: null, exp: now + 60 };
    const signed = (header: object, payload: object, secret = SECRET) => {
      const input = `${b64(header)}.${b64(payload)}`;
      return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
    };
    // Built by hand the same way, a good one passes: the refusals below are for their own reason.
    expect(await tokens.verify(signed({ alg: 'HS256', typ: 'JWT' }, claims))).toMatchObject({ sub: subject.id });
    expect(await tokens.verify(signed({ alg: 'HS512' }, claims))).toBeNull();
    expect(await tokens.verify(`${b64({ alg: 'none' })}.${b64(claims)}.`)).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256', crit: ['x'], x: 1 }, claims))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256' }, claims, `${SECRET}-outro`))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256' }, { ...claims, exp: now }))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256' }, { ...claims, nbf: now + 10 }))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256' }, { ...claims, role: 'DONO' }))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256' }, claims).replace(/\.[^.]+$/, '.###'))).toBeNull();
    for (const garbage of ['', 'a.b', 'a.b.c.d', '...', 'não.é.jwt']) expect(await tokens.verify(garbage)).toBeNull();
  });
});
