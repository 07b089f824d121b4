import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { MemberPage } from '@chat/contracts';
import type { Db } from '../../db/client';
import { neoCustomData, users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { containsFolded } from '../../lib/search';
import { toUserEntity } from './user-entity';
import { selectUsersWithWorkspace, toUserWithWorkspace } from './users.repository';

// The team lists page through a workspace's active members by (name, id): a keyset on that order
// (index users_workspace_name_id_idx) costs the same on the hundredth page as on the first, where an
// offset would read every row before it. The cursor is the last row's (name, id), opaque to callers.

export const INVALID_CURSOR = 'Cursor inválido';

export interface Position {
  name: string;
  id: string;
}

const encodeCursor = ({ name, id }: Position) => Buffer.from(JSON.stringify([name, id])).toString('base64url');

/** The position a cursor stands for; 400 for anything this server did not hand out. */
function decodeCursor(cursor: string): Position {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string' && isUuid(value[1])) {
      return { name: value[0], id: value[1] };
    }
  } catch {
    // Not base64url JSON: the same answer as a well-formed cursor of the wrong shape.
  }
  throw badRequest(INVALID_CURSOR);
}

/**
 * The rows after `after` (null: from the start) in (name, id) order, at most `take`; with
 * `content`, only those whose name, nickName, e-mail or polygon name contains it (case and accents
 * ignored). Exported for the plan test.
 */
export function memberPageStatement(db: Db, workspaceId: string, after: Position | null, content: string, take: number) {
  return selectUsersWithWorkspace(db)
    .where(
      and(
        eq(users.workspaceId, workspaceId),
        eq(users.active, true),
        after ? sql`(${users.name}, ${users.id}) > (${after.name}, ${after.id}::uuid)` : undefined,
        content
          ? or(
              containsFolded(users.name, content),
              containsFolded(users.nickName, content),
              containsFolded(users.email, content),
              containsFolded(neoCustomData.name, content),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(take);
}

/** One page of a workspace's active members by name, then id; `content` '' for everyone. */
export async function memberPage(
  db: Db,
  workspaceId: string,
  { cursor, limit, content }: { cursor?: string | undefined; limit: number; content: string },
): Promise<MemberPage> {
  const after = cursor === undefined ? null : decodeCursor(cursor);
  // One more than asked: whether another page exists, without a count.
  const rows = await memberPageStatement(db, workspaceId, after, content, limit + 1);
  const members = rows.slice(0, limit).map((row) => toUserEntity(toUserWithWorkspace(row)));
  const last = members.at(-1);
  return { members, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}
