import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, workspaces } from '../../db/schema';
import type { UserWithWorkspace } from './user-entity';

// Queries about users shared by several modules (auth, realtime, later users/workspaces).

async function findOne(db: Db, where: SQL | undefined): Promise<UserWithWorkspace | null> {
  const [row] = await db
    .select({ user: users, workspace: { id: workspaces.id, name: workspaces.name } })
    .from(users)
    .leftJoin(workspaces, eq(users.workspaceId, workspaces.id))
    .where(where)
    .limit(1);
  return row ? { ...row.user, workspace: row.workspace } : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Null for a malformed id too: PostgreSQL would answer a uuid syntax error (a 500) instead. */
export const findUserById = async (db: Db, id: string) => (UUID.test(id) ? findOne(db, eq(users.id, id)) : null);

/** Sign-in identifier: e-mail or nickName, case-insensitive (both have lower() unique indexes). */
export function findUserByIdentifier(db: Db, identifier: string) {
  const value = identifier.trim().toLowerCase();
  return findOne(db, or(sql`lower(${users.email}) = ${value}`, sql`lower(${users.nickName}) = ${value}`));
}

/** E-mails are unique case-insensitively. */
export const findUserByEmail = (db: Db, email: string) =>
  findOne(db, sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}
