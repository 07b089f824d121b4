import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiKey, ApiKeyFormInput } from '@chat/contracts';
import type { Db } from '../../db/client';
import { apiKeys, type ApiKeyRow, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { type AuditActor, record } from '../audit/audit';

// Keys are shown once to their owner (in the create answer) and stored only as sha256 plus a
// preview of their last 4 characters: a leaked database cannot be replayed against the API.

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
export const PREVIEW_LENGTH = 4;

export function toApiKeyEntity(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    preview: row.preview,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Why a key stopped working, as the activity log tells it. */
export type KeyRevocation = { actor: AuditActor; reason: 'replaced' | 'password_changed' | 'password_reset' };

/** Revokes the user's active key (if any) and stores `key` as the new one, in one transaction, both in the activity log. */
export async function replaceActiveKey(
  db: Db,
  userId: string,
  form: ApiKeyFormInput,
  key: string,
  now: Date,
  actor: AuditActor,
): Promise<ApiKeyRow> {
  return inTransaction(db, async (tx) => {
    // Two creations of one user wait for each other here instead of racing for the one active slot.
    const [owner] = await tx.select({ workspaceId: users.workspaceId }).from(users).where(eq(users.id, userId)).for('update');
    await revokeActiveKeyOfUser(tx, userId, now, { actor, reason: 'replaced' });
    const [row] = await tx
      .insert(apiKeys)
      .values({ userId, name: form.name, permissions: form.permissions, keyHash: hashApiKey(key), preview: key.slice(-PREVIEW_LENGTH) })
      .returning();
    await record(tx, {
      action: 'api_key.created',
      workspaceId: owner?.workspaceId ?? null,
      actor,
      targetUserId: userId,
      // The key's name is the owner's free text, which may name a person: the log keeps its last
      // characters only, so erasing an account leaves no trace here either.
      details: { permissions: row!.permissions, preview: row!.preview },
    });
    return row!;
  });
}

/** The user's key stops working (password reset, or a change that asks for it), in the activity log. */
export async function revokeActiveKeyOfUser(db: Db, userId: string, now: Date, revocation: KeyRevocation): Promise<void> {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ preview: apiKeys.preview });
  if (revoked.length === 0) return;
  const [owner] = await db.select({ workspaceId: users.workspaceId }).from(users).where(eq(users.id, userId));
  for (const key of revoked) {
    await record(db, {
      action: 'api_key.revoked',
      workspaceId: owner?.workspaceId ?? null,
      actor: revocation.actor,
      targetUserId: userId,
      details: { preview: key.preview, reason: revocation.reason },
    });
  }
}

export async function findActiveKeyOfUser(db: Db, userId: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** The active key behind a presented key, or null (unknown or revoked). */
export async function findActiveKey(db: Db, key: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}
