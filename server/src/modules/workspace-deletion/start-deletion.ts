import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SOCKET_NAMESPACE, WORKSPACE_DELETION_ERRORS, type WorkspaceDeletion } from '@chat/contracts';
import { users, workspaces } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { AuditActor } from '../audit/audit';
import { workspaceRoom } from '../realtime/rooms';
import { WORKSPACE_NOT_FOUND } from '../workspaces/workspaces.service';
import { shutOutMembers } from './workspace-data.repository';
import * as repo from './workspace-deletions.repository';

/**
 * ROOT's 'Excluir workspace', up to the background job: the typed name must be the workspace's
 * own; then, in one transaction, the workspace is marked as going (the job's row) and its members
 * are shut out, so from the answer on nobody of it is signed in anywhere. Asking again for a
 * workspace already going answers the same job (a failed one resumes).
 */
export async function startDeletion(
  app: Pick<FastifyInstance, 'ctx' | 'io'>,
  workspaceId: string,
  confirmName: string,
  actor: AuditActor & { id: string },
): Promise<WorkspaceDeletion> {
  const { db, revokedSessions, chatEvents, now } = app.ctx;
  const { job, ended } = await inTransaction(db, async (tx) => {
    const [workspace] = await tx.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
    if (!workspace) throw notFound(WORKSPACE_NOT_FOUND);
    if (confirmName.trim() !== workspace.name) throw badRequest(WORKSPACE_DELETION_ERRORS.nameMismatch);
    const [root] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.workspaceId, workspaceId), eq(users.role, 'ROOT')))
      .limit(1);
    if (root) throw conflict(WORKSPACE_DELETION_ERRORS.rootWorkspace);
    const job = await repo.insertOrResume(tx, { workspaceId, requestedById: actor.id, requestedFromIp: actor.ip });
    return { job, ended: await shutOutMembers(tx, workspaceId, now()) };
  });
  // Told first, so open tabs sign out; then every socket of the workspace, on every process.
  await revokedSessions.announce(ended);
  chatEvents.toWorkspace(workspaceId, 'session:revoked', { reason: 'ended' });
  app.io.of(SOCKET_NAMESPACE).in(workspaceRoom(workspaceId)).disconnectSockets(false);
  return repo.toDeletion(job);
}
