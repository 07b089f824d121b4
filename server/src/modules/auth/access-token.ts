import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
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
  /** The session (refresh-token family) the token is signed for: its `sid` claim. */
  sessionId?: string;
}

/**
 * Stamps worked out, by password hash: every authenticated call compares one (a SHA-256 each time
 * showed in the send path's CPU profile). A changed password is a new hash, so
 * an entry never goes stale; past this many the oldest are forgotten. ~0.2 KiB each.
 */
const stamps = new BoundedMap<string, string>(20_000);

/**
 * A short, one-way stamp of the password hash ("sv" claim). authenticate() compares it with the
 * user's current hash, so access tokens issued before a password change stop working at once
 * instead of living out their 15 minutes on other devices.
 */
export function passwordStamp(passwordHash: string): string {
  let stamp = stamps.get(passwordHash);
  if (stamp === undefined) {
    stamp = createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
    stamps.set(passwordHash, stamp);
  }
  return stamp;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

const serverClaimsSchema = z.extend(accessClaimsSchema, { sv: z.optional(z.string()) });
export type ServerAccessClaims = AccessClaims & { sv?: string | undefined };

/**
 * Verified tokens kept, each until its own expiry: a browser presents the same token on every
 * call for 15 minutes, and verifying it each time (then through WebCrypto, a thread-pool round
 * trip) was a large share of the send path's CPU in a profile. Past this many the oldest
 * are forgotten (and verified again if they come back). ~0.5 KiB each.
 */
const VERIFIED_CAPACITY = 20_000;

/** Signs and verifies the short-lived HS256 access JWT { sub, role, workspaceId, exp, sid, sv }. */
export class AccessTokens {
  /**
   * Imported once: given the raw bytes, jose imports a WebCrypto key on every call,
   * which a reconnection wave of thousands of handshakes (each a token not seen yet) paid each time.
   */
  private readonly key: Promise<CryptoKey>;
  /** Keyed by the whole token, signature included: only a byte-identical token skips the check. */
  private readonly verified = new BoundedMap<string, ServerAccessClaims>(VERIFIED_CAPACITY);

  /** The same secret for node:crypto's HMAC (verifySignature). */
  private readonly secret: Buffer;

  constructor(secret: string) {
    this.secret = Buffer.from(secret);
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(subject: AccessTokenSubject, ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const stamp = subject.passwordHash === undefined ? {} : { sv: passwordStamp(subject.passwordHash) };
    const session = subject.sessionId === undefined ? {} : { sid: subject.sessionId };
    return new SignJWT({ role: subject.role, workspaceId: subject.workspaceId, ...stamp, ...session })
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
    const payload = this.verifySignature(token);
    if (!payload) return null;
    const claims = serverClaimsSchema.safeParse(payload);
    // jwtVerify's time rules, without tolerance: expired once `exp` is not after now, and not
    // valid before `nbf` (these tokens carry none, but one that does is held to it).
    const now = Math.floor(Date.now() / 1000);
    if (!claims.success || claims.data.exp <= now) return null;
    if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
    this.verified.set(token, claims.data);
    return claims.data;
  }

  /**
   * The payload of a compact HS256 JWS whose signature is this secret's, else null. The HMAC is
   * node:crypto's, computed in this thread: jose's jwtVerify goes through WebCrypto, a
   * thread-pool job per token, and in a restart's reconnection wave, where every handshake brings
   * a token the new process has not seen, those hand-offs were a sizeable share of the profile on
   * a loaded machine. jose still parses the header and the claims; only `alg` HS256 is accepted,
   * and no `crit` extension (jose would refuse one it does not know).
   */
  private verifySignature(token: string): Record<string, unknown> | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, body, signature] = parts as [string, string, string];
    if (!BASE64URL.test(signature)) return null;
    try {
      const protectedHeader = decodeProtectedHeader(token);
      if (protectedHeader.alg !== 'HS256' || protectedHeader.crit !== undefined || protectedHeader.b64 !== undefined) return null;
      const expected = createHmac('sha256', this.secret).update(`${header}.${body}`).digest();
      const given = Buffer.from(signature, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return decodeJwt(token);
    } catch {
      return null;
    }
  }
}
