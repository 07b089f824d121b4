import { describe, expect, it } from 'vitest';
import { isTokenValid } from './token';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.assinatura`;

describe('isTokenValid', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  const nowSeconds = now / 1000;

  it('accepts a token whose exp is later than now', () => {
    expect(isTokenValid(jwt({ exp: nowSeconds + 60 }), now)).toBe(true);
  });

  it('refuses a token that expires now or earlier', () => {
    expect(isTokenValid(jwt({ exp: nowSeconds }), now)).toBe(false);
    expect(isTokenValid(jwt({ exp: nowSeconds - 1 }), now)).toBe(false);
  });

  it('refuses missing, malformed and exp-less tokens', () => {
    expect(isTokenValid(null, now)).toBe(false);
    expect(isTokenValid('nao-e-um-jwt', now)).toBe(false);
    expect(isTokenValid(jwt({ sub: 'x' }), now)).toBe(false);
  });
});
