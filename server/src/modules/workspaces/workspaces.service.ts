import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import {
  type CreateWorkspaceBody,
  DEFAULT_WORKSPACE_FEATURES,
  type MemberPage,
  type MemberPageQuery,
  type UpdateWorkspaceBody,
  type Workspace,
  type WorkspaceFeature,
  type WorkspaceSummary,
} from '@chat/contracts';
import type { AppContext } from '../../context';
import { passwordTokens, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { type AuditActor, record } from '../audit/audit';
import { workspaceWelcomeMail } from '../mail/templates';
import { workspaceChanges } from './workspace-changes';
import { hashResetToken } from '../password-reset/password-tokens.service';
import { createMember, EMAIL_TAKEN } from '../users/create-member';
import { countActiveMembers, lockWorkspace } from '../users/member-limit';
import { memberPage } from '../users/member-pages';
import { findUserByEmail } from '../users/users.repository';
import { freeNickName, unusablePasswordHash } from './admin-account';
import * as repo from './workspaces.repository';

export const WORKSPACE_NOT_FOUND = 'Workspace não encontrado';
export const WELCOME_MAIL_FAILED = 'Não foi possível enviar o e-mail de boas-vindas ao administrador. Nada foi criado; tente novamente.';
export const NOT_A_MEMBER = 'O novo administrador precisa ser um membro ativo deste workspace';
export const limitBelowMembers = (active: number) => `O limite de membros não pode ser menor que o número de membros ativos (${active})`;

/** The welcome link is a reset token that lives longer: the new admin may read the mail days later. */
export const WELCOME_TOKEN_TTL_MS = 72 * 60 * 60 * 1000;

type WorkspaceContext = Pick<AppContext, 'db' | 'env' | 'mailer' | 'chatEvents' | 'now'>;

const unique = (features: readonly WorkspaceFeature[]) => [...new Set(features)];
const sameFeatures = (a: readonly WorkspaceFeature[], b: readonly WorkspaceFeature[]) =>
  a.length === b.length && a.every((f) => b.includes(f));

/** The ROOT's workspace calls (except get-by-admin-id, the admin's own). */
export class WorkspacesService {
  constructor(private readonly ctx: WorkspaceContext) {}

  list(): Promise<WorkspaceSummary[]> {
    return repo.listSummaries(this.ctx.db);
  }

  /** The workspace with the first page of its members (the count covers them all). */
  async get(id: string): Promise<Workspace> {
    const workspace = await repo.findWorkspace(this.ctx.db, id);
    if (!workspace) throw notFound(WORKSPACE_NOT_FOUND);
    return workspace;
  }

  /** A page of any workspace's members (ROOT); 404 for a workspace that does not exist. */
  async members(id: string, query: MemberPageQuery): Promise<MemberPage> {
    if (!(await repo.findSummary(this.ctx.db, id))) throw notFound(WORKSPACE_NOT_FOUND);
    return memberPage(this.ctx.db, id, query);
  }

  /**
   * The workspace, its ADMIN (no usable password yet) and the welcome link, in one transaction
   * that also waits for the mail: if it cannot be sent, nothing is left behind.
   */
  async create(body: CreateWorkspaceBody, actor: AuditActor): Promise<Workspace> {
    const { db, env, mailer, now } = this.ctx;
    const token = randomBytes(32).toString('hex');
    const expiresAt = new Date(now().getTime() + WELCOME_TOKEN_TTL_MS);
    const workspaceId = await inTransaction(db, async (tx) => {
      if (await findUserByEmail(tx, body.adminEmail)) throw conflict(EMAIL_TAKEN);
      const id = await repo.insertWorkspace(tx, {
        name: body.name,
        description: body.description ?? '',
        limitOfMembers: body.limitOfMembers,
        storageQuotaMb: body.storageQuotaMb ?? 0,
        features: unique(body.features ?? DEFAULT_WORKSPACE_FEATURES),
      });
      const adminId = await createMember(
        tx,
        {
          name: body.adminName,
          email: body.adminEmail,
          nickName: await freeNickName(tx, body.adminEmail),
          passwordHash: unusablePasswordHash(),
          workspaceId: id,
          role: 'ADMIN',
        },
        now(),
      );
      await repo.updateWorkspace(tx, id, { adminId });
      await record(tx, { action: 'workspace.created', workspaceId: id, actor, targetUserId: adminId, details: { name: body.name } });
      await tx.insert(passwordTokens).values({ userId: adminId, tokenHash: hashResetToken(token), expiresAt });
      const link = `${env.appUrl}/set-password?token=${token}`;
      try {
        await mailer.send(workspaceWelcomeMail({ to: body.adminEmail, name: body.adminName, workspaceName: body.name, link, expiresAt }));
      } catch {
        throw new AppError(502, WELCOME_MAIL_FAILED);
      }
      return id;
    });
    return this.get(workspaceId);
  }

  /** A limit below the active members is refused; changed features reach the members' open pages. */
  async update(id: string, body: UpdateWorkspaceBody, actor: AuditActor): Promise<Workspace> {
    const features = body.features && unique(body.features);
    const featuresChanged = await inTransaction(this.ctx.db, async (tx) => {
      // Locked like an invite or an account creation does, so none slips in between count and update.
      const workspace = await lockWorkspace(tx, id);
      if (!workspace) throw notFound(WORKSPACE_NOT_FOUND);
      if (body.limitOfMembers !== 0) {
        const active = await countActiveMembers(tx, id);
        if (body.limitOfMembers < active) throw conflict(limitBelowMembers(active));
      }
      await repo.updateWorkspace(tx, id, {
        name: body.name,
        limitOfMembers: body.limitOfMembers,
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.storageQuotaMb === undefined ? {} : { storageQuotaMb: body.storageQuotaMb }),
        // A lower limit leaves bigger groups as they are: they only cannot grow.
        ...(body.groupMemberLimit === undefined ? {} : { groupMemberLimit: body.groupMemberLimit }),
        ...(features === undefined ? {} : { features }),
      });
      const changes = workspaceChanges(workspace, { ...body, features });
      if (Object.keys(changes).length > 0) await record(tx, { action: 'workspace.updated', workspaceId: id, actor, details: { changes } });
      return features !== undefined && !sameFeatures(features, workspace.features);
    });
    // Each member's shell renews its session and reloads its user, so flags follow at once.
    if (featuresChanged) this.ctx.chatEvents.toWorkspace(id, 'session:changed', { reason: 'features' });
    return this.get(id);
  }

  /** The member with this e-mail becomes ADMIN; whoever was ADMIN there becomes USER. */
  async changeAdmin(id: string, newAdminEmail: string, actor: AuditActor): Promise<Workspace> {
    const changed = await inTransaction(this.ctx.db, async (tx) => {
      const workspace = await lockWorkspace(tx, id);
      if (!workspace) throw notFound(WORKSPACE_NOT_FOUND);
      const member = await findUserByEmail(tx, newAdminEmail);
      if (!member?.active || member.workspaceId !== id) throw badRequest(NOT_A_MEMBER);
      if (workspace.adminId === member.id && member.role === 'ADMIN') return [];
      // Every other ADMIN of the workspace, not only admin_id: one workspace has one administrator.
      const demoted = await tx
        .update(users)
        .set({ role: 'USER' })
        .where(and(eq(users.workspaceId, id), eq(users.role, 'ADMIN'), ne(users.id, member.id)))
        .returning({ id: users.id });
      await repo.setRole(tx, [member.id], 'ADMIN');
      await repo.updateWorkspace(tx, id, { adminId: member.id });
      await record(tx, {
        action: 'workspace.admin_changed',
        workspaceId: id,
        actor,
        targetUserId: member.id,
        details: { previousAdminIds: demoted.map((u) => u.id) },
      });
      return [member.id, ...demoted.map((u) => u.id)];
    });
    // Their shells renew the token and reload the user: the Equipe link and guards follow the new role.
    this.ctx.chatEvents.toUsers(changed, 'session:changed', { reason: 'role' });
    return this.get(id);
  }
}
