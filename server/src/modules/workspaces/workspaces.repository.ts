import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { LIMITS, type Workspace, type WorkspaceFeature, type WorkspaceSummary } from '@chat/contracts';
import type { Db } from '../../db/client';
import { mediaUploads, users, workspaces } from '../../db/schema';
import { memberPage } from '../users/member-pages';

// Queries of the ROOT workspace calls. Counts are of active members: removed ones keep their rows.

const admin = alias(users, 'admin');

const summaryColumns = {
  id: workspaces.id,
  name: workspaces.name,
  description: workspaces.description,
  limitOfMembers: workspaces.limitOfMembers,
  storageQuotaMb: workspaces.storageQuotaMb,
  // Summed, not counted up and down: the uploads' rows are the one record of what is stored, so
  // a delete, a failed upload or a removed workspace can never leave the figure wrong.
  storageUsedBytes: sql<string>`(select coalesce(sum(${mediaUploads.sizeBytes}), 0) from ${mediaUploads} where ${mediaUploads.workspaceId} = ${workspaces.id})`,
  refuseExecutables: workspaces.refuseExecutables,
  groupMemberLimit: workspaces.groupMemberLimit,
  features: workspaces.features,
  createdAt: workspaces.createdAt,
  adminId: admin.id,
  adminName: admin.name,
  adminEmail: admin.email,
  membersCount: sql<number>`(select count(*)::int from ${users} where ${users.workspaceId} = ${workspaces.id} and ${users.active})`,
};

type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

const toSummary = (row: SummaryRow): WorkspaceSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  admin:
    row.adminId && row.adminName !== null && row.adminEmail !== null
      ? { id: row.adminId, name: row.adminName, email: row.adminEmail }
      : null,
  membersCount: row.membersCount,
  limitOfMembers: row.limitOfMembers,
  storageQuotaMb: row.storageQuotaMb,
  // bigint's sum arrives as text on PostgreSQL.
  storageUsedBytes: Number(row.storageUsedBytes),
  refuseExecutables: row.refuseExecutables,
  groupMemberLimit: row.groupMemberLimit,
  features: [...row.features],
  createdAt: row.createdAt.toISOString(),
});

function selectSummaries(db: Db, where?: SQL) {
  return db
    .select(summaryColumns)
    .from(workspaces)
    .leftJoin(admin, eq(workspaces.adminId, admin.id))
    .where(where)
    .orderBy(desc(workspaces.createdAt), asc(workspaces.name));
}

/** Every workspace, newest first. */
export async function listSummaries(db: Db): Promise<WorkspaceSummary[]> {
  return (await selectSummaries(db)).map(toSummary);
}

export async function findSummary(db: Db, id: string): Promise<WorkspaceSummary | null> {
  const [row] = await selectSummaries(db, eq(workspaces.id, id));
  return row ? toSummary(row) : null;
}

/**
 * The workspace entity: the summary (with the count of all active members) and their first page
 * by name; the rest through GET /workspace/members or /workspace/{id}/members. Null when absent.
 */
export async function findWorkspace(db: Db, id: string): Promise<Workspace | null> {
  const summary = await findSummary(db, id);
  if (!summary) return null;
  const page = await memberPage(db, id, { limit: LIMITS.memberPageSize, content: '' });
  return { ...summary, members: page.members, membersNextCursor: page.nextCursor };
}

export async function insertWorkspace(
  tx: Db,
  values: { name: string; description: string; limitOfMembers: number; storageQuotaMb: number; features: WorkspaceFeature[] },
): Promise<string> {
  const [row] = await tx.insert(workspaces).values(values).returning({ id: workspaces.id });
  return row!.id;
}

export async function updateWorkspace(
  tx: Db,
  id: string,
  values: Partial<{
    name: string;
    description: string;
    limitOfMembers: number;
    storageQuotaMb: number;
    groupMemberLimit: number;
    features: WorkspaceFeature[];
    adminId: string;
  }>,
): Promise<void> {
  await tx.update(workspaces).set(values).where(eq(workspaces.id, id));
}

export async function setRole(tx: Db, userIds: string[], role: 'ADMIN' | 'USER'): Promise<void> {
  if (userIds.length > 0) await tx.update(users).set({ role }).where(inArray(users.id, userIds));
}

/** True when some account (of any workspace, or ROOT) already uses this nickName, ignoring case. */
export async function nickNameTaken(tx: Db, nickName: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.nickName}) = ${nickName.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}
