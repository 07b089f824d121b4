import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invites, users, workspaces, type WorkspaceRow } from '../../db/schema';

// The workspace member limit (limitOfMembers, 0 = none) is checked on invite and on every account
// creation (docs/produto.md, Contas, sessões e segurança). Checks run with the workspace row
// locked, so two requests in one workspace cannot both take the last seat.

export const MEMBER_LIMIT_REACHED = 'Limite de membros do workspace atingido';

/** Locks the workspace row until the transaction ends; null when it does not exist. */
export async function lockWorkspace(tx: Db, workspaceId: string): Promise<WorkspaceRow | null> {
  const [row] = await tx.select().from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
  return row ?? null;
}

export async function countActiveMembers(tx: Db, workspaceId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.active, true)));
  return row?.n ?? 0;
}

/**
 * Pending invites hold a seat until they are used or expire. `exceptEmail`: the account being
 * created for that e-mail takes the seat its own invite held, so that invite is not counted twice.
 */
export async function countPendingInvites(tx: Db, workspaceId: string, now: Date, exceptEmail?: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(invites)
    .where(
      and(
        eq(invites.workspaceId, workspaceId),
        isNull(invites.usedAt),
        gt(invites.expiresAt, now),
        exceptEmail === undefined ? undefined : ne(invites.email, exceptEmail.toLowerCase()),
      ),
    );
  return row?.n ?? 0;
}

/** Seats taken: active members plus pending invites (see countPendingInvites for `exceptEmail`). */
export async function countSeats(tx: Db, workspaceId: string, now: Date, exceptEmail?: string): Promise<number> {
  return (await countActiveMembers(tx, workspaceId)) + (await countPendingInvites(tx, workspaceId, now, exceptEmail));
}

export const hasRoomFor = (workspace: Pick<WorkspaceRow, 'limitOfMembers'>, seatsTaken: number) =>
  workspace.limitOfMembers === 0 || seatsTaken < workspace.limitOfMembers;
