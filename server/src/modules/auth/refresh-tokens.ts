import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens } from '../../db/schema';

// Opaque refresh tokens: 256 random bits shown once to the client, stored only as sha256.
// Built for rotation: each use replaces the token within its family and keeps the family's
// absolute expiry; a rotated token presented again revokes the whole family (theft detection).

export const REFRESH_TTL_MS = { rememberMe: 30 * 24 * 60 * 60 * 1000, session: 12 * 60 * 60 * 1000 } as const;

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newOpaqueToken = () => randomBytes(32).toString('hex');

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
  expiresAt: Date;
}

export type RotationResult =
  | { ok: true; userId: string; issued: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

export class RefreshTokens {
  constructor(private readonly db: Db) {}

  /** Starts a new family at sign-in. */
  async issue(userId: string, rememberMe: boolean, now = new Date()): Promise<IssuedRefreshToken> {
    const ttl = rememberMe ? REFRESH_TTL_MS.rememberMe : REFRESH_TTL_MS.session;
    return this.insert(this.db, userId, randomUUID(), new Date(now.getTime() + ttl));
  }

  /** Exchanges a token for a new one of the same family; see RotationResult for refusals. */
  async rotate(token: string, now = new Date()): Promise<RotationResult> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
        .for('update');
      if (!row) return { ok: false, reason: 'unknown' } as const;
      if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
      if (row.rotatedAt) {
        await this.revokeFamilyWith(tx as unknown as Db, row.familyId, now);
        return { ok: false, reason: 'reused' } as const;
      }
      if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' } as const;
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
      const issued = await this.insert(tx as unknown as Db, row.userId, row.familyId, row.expiresAt);
      return { ok: true, userId: row.userId, issued } as const;
    });
  }

  /** Sign-out: revokes the family of the presented token. Unknown tokens are ignored. */
  async revoke(token: string, now = new Date()): Promise<void> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
    if (row) await this.revokeFamilyWith(this.db, row.familyId, now);
  }

  /** Password change/reset and member removal end every session of the user (`db`: within their transaction). */
  async revokeAllOfUser(userId: string, options: { db?: Db; now?: Date } = {}): Promise<void> {
    const { db = this.db, now = new Date() } = options;
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }

  private async revokeFamilyWith(db: Db, familyId: string, now: Date) {
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  private async insert(db: Db, userId: string, familyId: string, expiresAt: Date): Promise<IssuedRefreshToken> {
    const token = newOpaqueToken();
    await db.insert(refreshTokens).values({ userId, familyId, tokenHash: hashRefreshToken(token), expiresAt });
    return { token, familyId, expiresAt };
  }
}
