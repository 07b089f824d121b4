import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { type CreateByInviteBody, LIMITS, type SigninResponse } from '@chat/contracts';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invites } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors';
import { type AuditActor, record } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { alreadyRegisteredMail, inviteMail } from '../mail/templates';
import { createMember, EMAIL_TAKEN } from '../users/create-member';
import { countSeats, hasRoomFor, lockWorkspace, MEMBER_LIMIT_REACHED } from '../users/member-limit';
import { toUserEntity, type UserWithWorkspace } from '../users/user-entity';
import { findUserByEmail, findUserById } from '../users/users.repository';
import { generateInviteCode, inviteLink } from './invite-code';

export const INVITE_SENT = 'Convite enviado com sucesso';
/** One answer for an unknown, used, expired or burned code and for a code sent to another e-mail. */
export const INVITE_INVALID = 'Código de convite inválido ou expirado para este e-mail';
/**
 * Wrong e-mails a live code survives: the third one burns it (its admin invites again). With one
 * answer for every refusal, a guesser cannot even tell that they found a live code.
 */
export const WRONG_EMAILS_TO_BURN = 3;
export const INVITE_MAIL_FAILED = 'Não foi possível enviar o e-mail do convite. Tente novamente.';

type InviteContext = Pick<AppContext, 'db' | 'env' | 'mailer' | 'accessTokens' | 'refreshTokens' | 'now'>;

export class InviteService {
  constructor(private readonly ctx: InviteContext) {}

  /**
   * An ADMIN invites an e-mail into their own workspace; a new invite replaces a pending one. An
   * e-mail of the admin's own workspace is a 409. One with an account elsewhere (another
   * workspace, ROOT) takes the very same path (the invite row, its seat, its place in the pending
   * list, the same writes and so the same time) except for the mail: its code is never sent, the
   * owner is told the account exists instead. The admin learns nothing about other workspaces.
   */
  async invite(admin: UserWithWorkspace, email: string, actor: AuditActor): Promise<{ expiresAt: Date }> {
    const { db, env, mailer, now } = this.ctx;
    if (!admin.workspaceId || !admin.workspace) throw forbidden();
    const workspaceId = admin.workspaceId;
    const account = await findUserByEmail(db, email);
    if (account?.workspaceId === workspaceId) throw conflict(EMAIL_TAKEN);

    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + LIMITS.inviteTtlMs);
    const code = await inTransaction(db, async (tx) => {
      const workspace = await lockWorkspace(tx, workspaceId);
      if (!workspace) throw forbidden();
      await tx.delete(invites).where(and(eq(invites.workspaceId, workspaceId), eq(invites.email, email), isNull(invites.usedAt)));
      const seats = await countSeats(tx, workspaceId, createdAt);
      if (!hasRoomFor(workspace, seats)) throw conflict(MEMBER_LIMIT_REACHED);
      const inserted = await insertWithFreshCode(tx, { workspaceId, email, invitedById: admin.id, expiresAt });
      await record(tx, { action: 'member.invited', workspaceId, actor, details: { email } });
      return inserted;
    });

    const registerUrl = `${env.appUrl}/register`;
    const from = { to: email, inviterName: admin.name, workspaceName: admin.workspace.name };
    const mail = account
      ? alreadyRegisteredMail({ ...from, loginUrl: `${env.appUrl}/` })
      : inviteMail({
          ...from,
          code,
          link: inviteLink(env.appUrl, code, email),
          registerUrl,
          expiresAt,
        });
    try {
      await mailer.send(mail);
    } catch {
      // The invite stays; sending it again replaces it.
      throw new AppError(502, INVITE_MAIL_FAILED);
    }
    return { expiresAt };
  }

  /**
   * Public registration with an invite code; the new member comes back signed in. `codeAccepted`
   * runs once the code and e-mail match a live invite (the caller gives the attempt back there).
   */
  async createByInvite(body: CreateByInviteBody, codeAccepted: () => Promise<void>, ip: string | null = null): Promise<SigninResponse> {
    const { db, accessTokens, refreshTokens, now } = this.ctx;
    const at = now();
    // Checked before the password is hashed: a guess costs one lookup, not an argon2 hash.
    await this.assertLiveInvite(body.inviteCode, body.email, at);
    await codeAccepted();
    const passwordHash = await hashPassword(body.password);

    const userId = await inTransaction(db, async (tx) => {
      // Locks in the order the invite route takes them (workspace, then invites), so a re-invite
      // racing this registration waits instead of deadlocking.
      const [peek] = await tx.select({ workspaceId: invites.workspaceId }).from(invites).where(eq(invites.code, body.inviteCode));
      if (!peek) throw badRequest(INVITE_INVALID);
      await lockWorkspace(tx, peek.workspaceId);
      // Locked: of two registrations racing with one code, the second sees it used.
      const [invite] = await tx.select().from(invites).where(eq(invites.code, body.inviteCode)).for('update');
      if (!invite || invite.usedAt || invite.expiresAt.getTime() <= at.getTime() || invite.email !== body.email) {
        throw badRequest(INVITE_INVALID);
      }

      const id = await createMember(
        tx,
        {
          name: body.name,
          email: body.email,
          nickName: body.nickName,
          passwordHash,
          workspaceId: invite.workspaceId,
          role: 'USER',
        },
        at,
      );
      await tx.update(invites).set({ usedAt: at, usedById: id }).where(eq(invites.id, invite.id));
      await record(tx, {
        action: 'member.created',
        workspaceId: invite.workspaceId,
        actor: { id, ip },
        targetUserId: id,
        details: { via: 'invite' },
      });
      return id;
    });

    const user = (await findUserById(db, userId))!;
    const refresh = await refreshTokens.issue(user.id, false);
    const accessToken = await accessTokens.sign({ ...user, sessionId: refresh.familyId });
    return { user: toUserEntity(user), accessToken, refreshToken: refresh.token };
  }

  /** Refuses (400) a code that is unknown, used, expired or burned, or that was sent to another e-mail. */
  private async assertLiveInvite(code: string, email: string, at: Date): Promise<void> {
    const { db } = this.ctx;
    const live = and(eq(invites.code, code), isNull(invites.usedAt), gt(invites.expiresAt, at));
    const [invite] = await db.select({ email: invites.email }).from(invites).where(live);
    if (invite?.email === email) return;
    if (invite) {
      // Counted and burned in one statement, so parallel attempts cannot skip the count.
      await db
        .update(invites)
        .set({
          wrongEmailAttempts: sql`${invites.wrongEmailAttempts} + 1`,
          expiresAt: sql`CASE WHEN ${invites.wrongEmailAttempts} + 1 >= ${WRONG_EMAILS_TO_BURN} THEN ${at.toISOString()}::timestamptz ELSE ${invites.expiresAt} END`,
        })
        .where(live);
    }
    throw badRequest(INVITE_INVALID);
  }
}

const MAX_CODE_ATTEMPTS = 10;

/** Codes are unique forever; a collision (one in a billion) just draws another. */
async function insertWithFreshCode(
  tx: Db,
  values: { workspaceId: string; email: string; invitedById: string; expiresAt: Date },
): Promise<string> {
  for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt++) {
    const code = generateInviteCode();
    const inserted = await tx
      .insert(invites)
      .values({ ...values, code })
      .onConflictDoNothing({ target: invites.code })
      .returning({ id: invites.id });
    if (inserted.length > 0) return code;
  }
  throw new Error('Não foi possível gerar um código de convite único');
}
