import { and, asc, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { containsFolded } from '../../lib/search';
import type { UserWithWorkspace } from './user-entity';
import { selectUsersWithWorkspace, toUserWithWorkspace, usersByIdsQuery } from './users.repository';

// User queries of the chat: participants and members by id, colleagues by search.

/** Users by id with their workspace, keyed by id (ids that do not exist are simply absent). */
export async function findUsersByIds(db: Db, ids: readonly string[]): Promise<Map<string, UserWithWorkspace>> {
  const unique = [...new Set(ids)].filter(isUuid);
  if (unique.length === 0) return new Map();
  const found = await usersByIdsQuery(db)(unique);
  return new Map(found.map((user) => [user.id, user]));
}

/**
 * Active users of a workspace except `excludeId`, by name; with a term, those whose name,
 * nickName or e-mail contains it (case and accents ignored).
 */
export async function searchWorkspaceUsers(
  db: Db,
  params: { workspaceId: string; excludeId: string; term: string; limit: number },
): Promise<UserWithWorkspace[]> {
  const { workspaceId, excludeId, term, limit } = params;
  const rows = await selectUsersWithWorkspace(db)
    .where(
      and(
        eq(users.workspaceId, workspaceId),
        eq(users.active, true),
        ne(users.id, excludeId),
        term ? or(containsFolded(users.name, term), containsFolded(users.nickName, term), containsFolded(users.email, term)) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
  return rows.map(toUserWithWorkspace);
}
