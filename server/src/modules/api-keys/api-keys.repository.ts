import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { ApiKey, CreateApiKeyBody } from '@chat/contracts';
import type { Db } from '../../db/client';
import { apiKeys, type ApiKeyRow } from '../../db/schema';

// Keys are shown once to their owner (the browser made them) and stored only as sha256 plus a
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

/** Revokes the user's active key (if any) and stores the new one, in one transaction. */
export async function replaceActiveKey(db: Db, userId: string, body: CreateApiKeyBody, now: Date): Promise<ApiKeyRow> {
  return db.transaction(async (tx) => {
    await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name: body.name,
        permissions: body.permissions,
        keyHash: hashApiKey(body.key),
        preview: body.key.slice(-PREVIEW_LENGTH),
      })
      .returning();
    return row!;
  });
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
