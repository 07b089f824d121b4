import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Workspace } from '@chat/contracts';
import type { Db } from '../../db/client';
import { invites, users, workspaces } from '../../db/schema';
import { toUserEntity } from '../users/user-entity';
import { selectUsersWithWorkspace, toUserWithWorkspace } from '../users/users.repository';

// Reads of the team page: the admin's workspace with its active members, and its pending invites.

/** The workspace entity (summary + active members by name), or null when it does not exist. */
export async function findWorkspaceWithMembers(db: Db, workspaceId: string): Promise<Workspace | null> {
  const [workspace] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!workspace) return null;
  const rows = await selectUsersWithWorkspace(db)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.active, true)))
    .orderBy(asc(users.name), asc(users.id));
  const members = rows.map((row) => toUserEntity(toUserWithWorkspace(row)));
  const admin = members.find((m) => m.id === workspace.adminId);
  return {
    id: workspace.id,
    name: workspace.name,
    description: workspace.description,
    admin: admin ? { id: admin.id, name: admin.name, email: admin.email } : null,
    membersCount: members.length,
    limitOfMembers: workspace.limitOfMembers,
    storageQuotaMb: workspace.storageQuotaMb,
    features: [...workspace.features],
    createdAt: workspace.createdAt.toISOString(),
    members,
  };
}

/** Unused, unexpired invites of a workspace, newest first. */
export function listPendingInvites(db: Db, workspaceId: string, now: Date) {
  return db
    .select({ id: invites.id, email: invites.email, createdAt: invites.createdAt, expiresAt: invites.expiresAt })
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
