import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshTokens, sessions } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { type SessionDevice, UNKNOWN_DEVICE } from './session-device';

// Opaque refresh tokens: 256 random bits shown once to the client, stored only as sha256.
// Built for rotation: each use replaces the token within its family and keeps the family's
// absolute expiry; a rotated token presented again revokes the whole family (theft detection).
// A family is a session (the `sessions` row of the same id, the access tokens' `sid`): whatever
// revokes a family ends its session, and returns its id so that the caller announces it, once
// committed, to every process (RevokedSessions.announce).

export const REFRESH_TTL_MS = { rememberMe: 30 * 24 * 60 * 60 * 1000, session: 12 * 60 * 60 * 1000 } as const;

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newOpaqueToken = () => randomBytes(32).toString('hex');

export interface IssuedRefreshToken {
  token: string;
  /** The session's id: the `sid` of the access tokens signed with this token. */
  familyId: string;
  expiresAt: Date;
}

export type RotationResult =
  | { ok: true; userId: string; issued: IssuedRefreshToken }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' }
  | { ok: false; reason: 'reused'; endedSessionId: string };

export class RefreshTokens {
  constructor(private readonly db: Db) {}

  /** Starts a new session (a new family) at sign-in, on the device `device` describes. */
  async issue(userId: string, rememberMe: boolean, now = new Date(), device: SessionDevice = UNKNOWN_DEVICE): Promise<IssuedRefreshToken> {
    const ttl = rememberMe ? REFRESH_TTL_MS.rememberMe : REFRESH_TTL_MS.session;
    const expiresAt = new Date(now.getTime() + ttl);
    const familyId = randomUUID();
    return inTransaction(this.db, async (tx) => {
      await tx.insert(sessions).values({ id: familyId, userId, ...device, createdAt: now, lastUsedAt: now, expiresAt });
      return this.insert(tx, userId, familyId, expiresAt);
    });
  }

  /** Exchanges a token for a new one of the same family; see RotationResult for refusals. */
  async rotate(token: string, now = new Date()): Promise<RotationResult> {
    return inTransaction(this.db, async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
        .for('update');
      if (!row) return { ok: false, reason: 'unknown' } as const;
      if (row.revokedAt) return { ok: false, reason: 'revoked' } as const;
      if (row.rotatedAt) {
        await this.revokeFamilies(tx, [row.familyId], now);
        return { ok: false, reason: 'reused', endedSessionId: row.familyId } as const;
      }
      if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' } as const;
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
      await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.familyId));
      const issued = await this.insert(tx, row.userId, row.familyId, row.expiresAt);
      return { ok: true, userId: row.userId, issued } as const;
    });
  }

  /** Sign-out: ends the session of the presented token; its id, or null for an unknown token. */
  async revoke(token: string, now = new Date()): Promise<string | null> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
    if (!row) return null;
    await inTransaction(this.db, (tx) => this.revokeFamilies(tx, [row.familyId], now));
    return row.familyId;
  }

  /**
   * Password change/reset and member removal end every session of the user (`db`: within their
   * transaction); `except` keeps one. The ids of the sessions ended now.
   */
  async revokeAllOfUser(userId: string, options: { db?: Db; now?: Date; except?: string } = {}): Promise<string[]> {
    const { db, now = new Date(), except } = options;
    const revoke = async (tx: Db) => {
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), except === undefined ? undefined : ne(sessions.id, except)))
        .returning({ id: sessions.id });
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            except === undefined ? undefined : ne(refreshTokens.familyId, except),
          ),
        );
      return ended.map((session) => session.id);
    };
    return db ? revoke(db) : inTransaction(this.db, (tx) => revoke(tx));
  }

  /**
   * A new token for a session that stays (the one that changed the password): every earlier
   * token of its family is revoked. Null when it is not an active session of this user.
   */
  async reissue(userId: string, sessionId: string, options: { db: Db; now: Date }): Promise<IssuedRefreshToken | null> {
    const { db, now } = options;
    const [session] = await db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    if (!session) return null;
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)));
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
    return this.insert(db, userId, sessionId, session.expiresAt);
  }

  /** Ends one active session of this user; false when it is not theirs, ended or expired. */
  async revokeSession(userId: string, sessionId: string, now = new Date()): Promise<boolean> {
    return inTransaction(this.db, async (tx) => {
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .returning({ id: sessions.id });
      if (ended.length === 0) return false;
      await this.revokeFamilies(tx, [sessionId], now);
      return true;
    });
  }

  private async revokeFamilies(db: Db, familyIds: string[], now: Date) {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(inArray(sessions.id, familyIds), isNull(sessions.revokedAt)));
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(inArray(refreshTokens.familyId, familyIds), isNull(refreshTokens.revokedAt)));
  }

  private async insert(db: Db, userId: string, familyId: string, expiresAt: Date): Promise<IssuedRefreshToken> {
    const token = newOpaqueToken();
    await db.insert(refreshTokens).values({ userId, familyId, tokenHash: hashRefreshToken(token), expiresAt });
    return { token, familyId, expiresAt };
  }
}
