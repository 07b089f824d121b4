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
});
