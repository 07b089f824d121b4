import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import * as z from 'zod/mini';
import { accessClaimsSchema, type AccessClaims, type Role } from '@chat/contracts';
import { BoundedMap } from '../../lib/bounded-map';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessTokenSubject {
  id: string;
  role: Role;
  workspaceId: string | null;
  /** When given, the token carries a stamp of it: a password change invalidates the token at once. */
  passwordHash?: string;
}

/**
 * A short, one-way stamp of the password hash ("sv" claim). authenticate() compares it with the
 * user's current hash, so access tokens issued before a password change stop working at once
 * instead of living out their 15 minutes on other devices (issue 12).
 */
export const passwordStamp = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

const serverClaimsSchema = z.extend(accessClaimsSchema, { sv: z.optional(z.string()) });
export type ServerAccessClaims = AccessClaims & { sv?: string | undefined };

/**
 * Verified tokens kept, each until its own expiry: a browser presents the same token on every
 * call for 15 minutes, and jose's HMAC goes through WebCrypto (a thread-pool round trip) each
 * time: about a tenth of the send path's CPU in the issue 14 profile. Past this many the oldest
 * are forgotten (and verified again if they come back). ~0.5 KiB each.
 */
const VERIFIED_CAPACITY = 20_000;

/** Signs and verifies the short-lived HS256 access JWT { sub, role, workspaceId, exp }. */
export class AccessTokens {
  /**
   * Imported once (issue 14): given the raw bytes, jose imports a WebCrypto key on every call,
   * which a reconnection wave of thousands of handshakes (each a token not seen yet) paid each time.
   */
  private readonly key: Promise<CryptoKey>;
  /** Keyed by the whole token, signature included: only a byte-identical token skips the check. */
  private readonly verified = new BoundedMap<string, ServerAccessClaims>(VERIFIED_CAPACITY);

  constructor(secret: string) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(subject: AccessTokenSubject, ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const stamp = subject.passwordHash === undefined ? {} : { sv: passwordStamp(subject.passwordHash) };
    return new SignJWT({ role: subject.role, workspaceId: subject.workspaceId, ...stamp })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.id)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(await this.key);
  }

  /** The claims of a valid, unexpired token; null for anything else (bad signature, expired, malformed). */
  async verify(token: string): Promise<ServerAccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      // The same rule as jwtVerify's: expired once `exp` is not after now (no clock tolerance).
      if (known.exp > Math.floor(Date.now() / 1000)) return known;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const claims = serverClaimsSchema.safeParse(payload);
      if (!claims.success) return null;
      this.verified.set(token, claims.data);
      return claims.data;
    } catch {
      return null;
    }
  }
}
