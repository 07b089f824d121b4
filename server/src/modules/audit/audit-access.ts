import { and, eq, or } from 'drizzle-orm';
import type { AuditFilter } from '@chat/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import type { UserWithWorkspace } from '../users/user-entity';

export const AUDIT_WORKSPACE_NOT_FOUND = 'Workspace não encontrado';
export const AUDIT_PERSON_NOT_FOUND = 'Pessoa não encontrada';

/**
 * The workspace whose entries the reader may see: an ADMIN their own only (another workspace,
 * or a person of another workspace, named in the filter is a 404 as if it did not exist); ROOT
 * every workspace (null) unless the filter narrows it.
 */
export async function auditScope(db: Db, reader: UserWithWorkspace, filter: AuditFilter): Promise<string | null> {
  if (reader.role === 'ROOT') return filter.workspaceId ?? null;
  if (reader.role !== 'ADMIN' || !reader.workspaceId) throw forbidden();
  if (filter.workspaceId !== undefined && filter.workspaceId !== reader.workspaceId) throw notFound(AUDIT_WORKSPACE_NOT_FOUND);
  if (filter.actorId !== undefined) {
    // ROOT acts on workspaces too (features, limits, administrator): an ADMIN may ask for those.
    const [person] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, filter.actorId), or(eq(users.workspaceId, reader.workspaceId), eq(users.role, 'ROOT'))));
    if (!person) throw notFound(AUDIT_PERSON_NOT_FOUND);
  }
  return reader.workspaceId;
}
