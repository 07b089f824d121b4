import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { oncePerDb } from '../../db/queries/once-per-db';
import { neoCustomData, users, workspaces } from '../../db/schema';
import type { UserWithWorkspace } from './user-entity';

// Queries about users shared by several modules (auth, realtime, users, workspaces).

/** Columns of a user with its workspace and polygon; pair with `joinUserRelations` and `toUserWithWorkspace`. */
export const userWithWorkspaceColumns = {
  user: users,
  workspace: { id: workspaces.id, name: workspaces.name, features: workspaces.features },
  polygon: { id: neoCustomData.id, name: neoCustomData.name },
};

type JoinedRow = {
  user: typeof users.$inferSelect;
  workspace: UserWithWorkspace['workspace'];
  polygon: UserWithWorkspace['polygon'];
};

export const toUserWithWorkspace = (row: JoinedRow): UserWithWorkspace => ({
  ...row.user,
  workspace: row.workspace,
  polygon: row.polygon,
});

/** `SELECT userWithWorkspaceColumns FROM users` with the joins those columns need. */
export const selectUsersWithWorkspace = (db: Db) =>
  db
    .select(userWithWorkspaceColumns)
    .from(users)
    .leftJoin(workspaces, eq(users.workspaceId, workspaces.id))
    .leftJoin(neoCustomData, eq(users.neoCustomDataId, neoCustomData.id));

async function findOne(db: Db, where: SQL | undefined): Promise<UserWithWorkspace | null> {
  const [row] = await selectUsersWithWorkspace(db).where(where).limit(1);
  return row ? toUserWithWorkspace(row) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Null for a malformed id too: PostgreSQL would answer a uuid syntax error (a 500) instead. */
export const findUserById = async (db: Db, id: string) => (UUID.test(id) ? findOne(db, eq(users.id, id)) : null);

/**
 * Several users by id, in one query; ids must be uuids. Built once per database and prepared
 *: it runs for every authenticated request and socket handshake (SessionUsers) and for
 * the people of every chat list, where building the SQL again each time was about a tenth of a
 * send's CPU, and PostgreSQL then plans it once per connection.
 */
export const usersByIdsQuery = oncePerDb((db): ((ids: readonly string[]) => Promise<UserWithWorkspace[]>) => {
  const prepared = selectUsersWithWorkspace(db)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('users_by_ids');
  return async (ids) => (ids.length === 0 ? [] : (await prepared.execute({ ids: [...ids] })).map(toUserWithWorkspace));
});

/** Sign-in identifier: e-mail or nickName, case-insensitive (both have lower() unique indexes). */
export function findUserByIdentifier(db: Db, identifier: string) {
  const value = identifier.trim().toLowerCase();
  return findOne(db, or(sql`lower(${users.email}) = ${value}`, sql`lower(${users.nickName}) = ${value}`));
}

/** E-mails are unique case-insensitively. */
export const findUserByEmail = (db: Db, email: string) => findOne(db, sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}
