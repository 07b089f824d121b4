import { jwtVerify, SignJWT } from 'jose';
import { accessClaimsSchema, type AccessClaims, type Role } from '@chat/contracts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessTokenSubject {
  id: string;
  role: Role;
  workspaceId: string | null;
}

/** Signs and verifies the short-lived HS256 access JWT { sub, role, workspaceId, exp }. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(subject: AccessTokenSubject, ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ role: subject.role, workspaceId: subject.workspaceId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject.id)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; null for anything else (bad signature, expired, malformed). */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const claims = accessClaimsSchema.safeParse(payload);
      return claims.success ? claims.data : null;
    } catch {
      return null;
    }
  }
}
