import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invites } from '../../db/schema';

// The team page's pending invites.

/** Unused, unexpired invites of a workspace, newest first. */
export function listPendingInvites(db: Db, workspaceId: string, now: Date) {
  return db
    .select({ id: invites.id, email: invites.email, code: invites.code, createdAt: invites.createdAt, expiresAt: invites.expiresAt })
    .from(invites)
    .where(and(eq(invites.workspaceId, workspaceId), isNull(invites.usedAt), gt(invites.expiresAt, now)))
    .orderBy(asc(invites.email));
}

/** Deletes one pending invite of the workspace; false when there is none with that id. */
export async function deletePendingInvite(db: Db, workspaceId: string, inviteId: string): Promise<boolean> {
  const deleted = await db
    .delete(invites)
    .where(and(eq(invites.id, inviteId), eq(invites.workspaceId, workspaceId), isNull(invites.usedAt)))
    .returning({ id: invites.id });
  return deleted.length > 0;
}

/** Pending invites of an e-mail in a workspace go when that e-mail gets (or loses) its account. */
export function deleteInvitesOf(db: Db, workspaceId: string, email: string) {
  return db
    .delete(invites)
    .where(and(eq(invites.workspaceId, workspaceId), eq(invites.email, email.toLowerCase()), isNull(invites.usedAt)));
}
