import { eq } from 'drizzle-orm';
import { SOCKET_NAMESPACE } from '@chat/contracts';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { forbidden } from '../../lib/errors';
import { eraseAccount, type EraseOptions } from '../account-data/erase-account';
import { type AuditActor, record } from '../audit/audit';
import { groupIdsOfMember } from '../groups/groups.repository';
import { recheckGroupReads } from '../realtime/group-receipts';
import { userRoom } from '../realtime/rooms';
import type { UserWithWorkspace } from '../users/user-entity';
import { deleteInvitesOf } from './members.repository';
import type { MembersService } from './members.service';

export const CANNOT_REMOVE_SELF = 'Você não pode remover a si mesmo';
export const CANNOT_ERASE_ADMIN =
  'Os dados de um administrador não podem ser excluídos por outro administrador. Remova-o da administração primeiro.';
export const MEMBER_REMOVED = 'Membro removido com sucesso';

/**
 * Removes a member at once (docs/produto.md, Contas, sessões e segurança): the account is
 * deactivated, never deleted, so messages and group history keep their author; it frees its seat
 * (only active members count). Sign-in, refresh and sockets are refused from here on, and pending
 * invites of the e-mail go. With `erase`, the account is then erased as in 'Excluir minha conta'
 * (only of a member who is not an ADMIN: another administrator leaves the administration first).
 */
export async function removeMember(
  app: Pick<FastifyInstance, 'ctx' | 'io'>,
  members: MembersService,
  admin: UserWithWorkspace,
  targetUserId: string,
  actor: AuditActor,
  erase: EraseOptions | null = null,
): Promise<void> {
  const { db, refreshTokens, revokedSessions, chatEvents, now } = app.ctx;
  const target = await members.memberOf(admin, targetUserId);
  if (target.id === admin.id) throw forbidden(CANNOT_REMOVE_SELF);
  if (erase && target.role !== 'USER') throw forbidden(CANNOT_ERASE_ADMIN);

  const ended = await inTransaction(db, async (tx) => {
    await tx.update(users).set({ active: false }).where(eq(users.id, target.id));
    const sessionIds = await refreshTokens.revokeAllOfUser(target.id, { db: tx, now: now() });
    await deleteInvitesOf(tx, admin.workspaceId!, target.email);
    await record(tx, {
      action: 'member.removed',
      workspaceId: admin.workspaceId,
      actor,
      targetUserId: target.id,
      details: erase ? { dataErased: true, deleteMessages: erase.deleteMessages } : {},
    });
    return sessionIds;
  });

  // Told first, so open tabs sign out with the toast; then every socket of the user, on every
  // process (the Redis adapter forwards the request), is dropped. A plain disconnect (not a closed
  // transport) so the client does not try to reconnect; the handshake would refuse it anyway.
  chatEvents.toUsers([target.id], 'account:deactivated', { userId: target.id });
  app.io.of(SOCKET_NAMESPACE).in(userRoom(target.id)).disconnectSockets(false);
  // Their access tokens are refused from memory too: the send path reads its user from a cache.
  await revokedSessions.announce(ended);
  // A removed member no longer counts as a reader of their groups' messages.
  await recheckGroupReads({ db, events: chatEvents }, await groupIdsOfMember(db, target.id), target.id);
  if (erase) await eraseAccount(app, target, erase);
}
