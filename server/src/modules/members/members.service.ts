import { and, eq, sql } from 'drizzle-orm';
import type { CreateMemberBody, EditMemberBody, MemberPage, MemberPageQuery, User, Workspace } from '@chat/contracts';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { type AuditActor, record } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { polygonExists } from '../polygons/polygons.repository';
import { POLYGON_NOT_FOUND } from '../polygons/polygons.service';
import { createMember, EMAIL_TAKEN, NICKNAME_TAKEN } from '../users/create-member';
import { toUserEntity, type UserWithWorkspace } from '../users/user-entity';
import { memberPage } from '../users/member-pages';
import { findUserById } from '../users/users.repository';
import { findWorkspace } from '../workspaces/workspaces.repository';
import { deleteInvitesOf } from './members.repository';

export const MEMBER_NOT_FOUND = 'Membro não encontrado';

type MembersContext = Pick<AppContext, 'db' | 'refreshTokens' | 'chatEvents' | 'now'>;

/** The admin's team: read the workspace, create and edit its members (removal: remove-member.ts). */
export class MembersService {
  constructor(private readonly ctx: MembersContext) {}

  /** The admin's workspace with the first page of its members (the count covers them all). */
  async workspaceOf(admin: UserWithWorkspace): Promise<Workspace> {
    const workspace = admin.workspaceId ? await findWorkspace(this.ctx.db, admin.workspaceId) : null;
    if (!workspace) throw forbidden();
    return workspace;
  }

  /** A page of the admin's own workspace's members. */
  membersOf(admin: UserWithWorkspace, query: MemberPageQuery): Promise<MemberPage> {
    if (!admin.workspaceId) throw forbidden();
    return memberPage(this.ctx.db, admin.workspaceId, query);
  }

  /** "Criar Conta": a USER of the admin's workspace, under the same limit as invites. */
  async create(admin: UserWithWorkspace, body: CreateMemberBody, actor: AuditActor): Promise<User> {
    const { db, now } = this.ctx;
    if (!admin.workspaceId) throw forbidden();
    const workspaceId = admin.workspaceId;
    const passwordHash = await hashPassword(body.password);
    const id = await inTransaction(db, async (tx) => {
      const created = await createMember(tx, { ...body, passwordHash, workspaceId, role: 'USER' }, now());
      // An invite pending for this e-mail can no longer be used: its seat is the account's now.
      await deleteInvitesOf(tx, workspaceId, body.email);
      await record(tx, { action: 'member.created', workspaceId, actor, targetUserId: created, details: { via: 'admin' } });
      return created;
    });
    return toUserEntity((await findUserById(db, id))!);
  }

  /**
   * Changes only the sent fields of an active member of the admin's own workspace (404 for anyone
   * else, ROOT included: ROOT has no workspace). A new password ends that member's sessions.
   */
  async update(admin: UserWithWorkspace, targetUserId: string, body: EditMemberBody, actor: AuditActor): Promise<User> {
    const { db, refreshTokens, chatEvents } = this.ctx;
    const target = await this.memberOf(admin, targetUserId);
    // A polygon of another workspace is as unknown as one that does not exist.
    if (body.neoCustomDataId && !(await polygonExists(this.ctx.db, target.workspaceId!, body.neoCustomDataId))) {
      throw notFound(POLYGON_NOT_FOUND);
    }
    await this.assertAvailable(target.id, body);

    const { password, ...fields } = body;
    const changes = { ...fields, ...(password === undefined ? {} : { passwordHash: await hashPassword(password) }) };
    try {
      await inTransaction(db, async (tx) => {
        await tx.update(users).set(changes).where(eq(users.id, target.id));
        // The names of the changed fields only: a new password is never written here.
        const fields = Object.keys(body).filter((key) => body[key as keyof EditMemberBody] !== undefined);
        await record(tx, { action: 'member.edited', workspaceId: target.workspaceId, actor, targetUserId: target.id, details: { fields } });
      });
    } catch (error) {
      // Another request took the e-mail or nickName between the check and the update.
      if (isUniqueViolation(error, 'users_email_lower_key')) throw conflict(EMAIL_TAKEN);
      if (isUniqueViolation(error, 'users_nick_name_lower_key')) throw conflict(NICKNAME_TAKEN);
      throw error;
    }
    if (password !== undefined) {
      await refreshTokens.revokeAllOfUser(target.id);
      // The member's open sockets end too; their handshake with the old token is then refused.
      chatEvents.closeSessions([target.id]);
    }

    const updated = toUserEntity((await findUserById(db, target.id))!);
    // The member's own tabs replace their stored user; colleagues' lists pick up the new name.
    chatEvents.toWorkspace(admin.workspaceId!, 'user:updated', updated);
    return updated;
  }

  /** An active user of the admin's workspace, else 404 (no existence leak across workspaces). */
  async memberOf(admin: UserWithWorkspace, targetUserId: string): Promise<UserWithWorkspace> {
    const target = await findUserById(this.ctx.db, targetUserId);
    if (!target?.active || !admin.workspaceId || target.workspaceId !== admin.workspaceId) throw notFound(MEMBER_NOT_FOUND);
    return target;
  }

  /** 409 when another account already has the new e-mail or nickName (case-insensitive). */
  private async assertAvailable(targetId: string, body: EditMemberBody): Promise<void> {
    const taken = async (column: typeof users.email | typeof users.nickName, value: string | undefined) => {
      if (value === undefined) return false;
      const [row] = await this.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${column}) = ${value.toLowerCase()}`, sql`${users.id} <> ${targetId}`))
        .limit(1);
      return !!row;
    };
    if (await taken(users.email, body.email)) throw conflict(EMAIL_TAKEN);
    if (await taken(users.nickName, body.nickName)) throw conflict(NICKNAME_TAKEN);
  }
}
