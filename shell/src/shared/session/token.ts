/**
 * docs/arquitetura.md, Sessões e o seu encerramento: a stored access token is valid when its expiry
 * claim is later than now. Only the payload's `exp` is read (the server verifies signatures);
 * decoding by hand keeps a JWT library out of the sign-in page's download.
 */
export function isTokenValid(token: string | null, now: number = Date.now()): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}
