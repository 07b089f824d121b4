import { decodeJwt } from 'jose';

/** SPEC section 4: a stored access token is valid when its expiry claim is later than now. */
export function isTokenValid(token: string | null, now: number = Date.now()): boolean {
  if (!token) return false;
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}
