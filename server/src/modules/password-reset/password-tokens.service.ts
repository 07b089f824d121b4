import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { LIMITS, type SigninResponse } from '@chat/contracts';
import type { AppContext } from '../../context';
import { passwordTokens, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { badRequest } from '../../lib/errors';
import { revokeActiveKeyOfUser } from '../api-keys/api-keys.repository';
import { hashPassword } from '../auth/passwords';
import type { SessionDevice } from '../auth/session-device';
import { passwordResetMail } from '../mail/templates';
import { toUserEntity } from '../users/user-entity';
import { findUserByEmail, findUserById } from '../users/users.repository';

export const RESET_REQUESTED = 'Se o e-mail estiver cadastrado, enviaremos um link de redefinição.';
export const RESET_LINK_INVALID = 'Link de redefinição inválido ou expirado';
export const PASSWORD_RESET_DONE = 'Senha redefinida com sucesso';
export const WELCOME_LINK_INVALID = 'Link para definir a senha inválido ou expirado';

/** The mailed value is 256 random bits as 64 hex characters; only its sha256 is stored. */
const newResetToken = () => randomBytes(32).toString('hex');
// The page accepts upper-case hex too (its rule: "64 hexadecimal characters"); issued tokens are
// lower case.
export const hashResetToken = (token: string) => createHash('sha256').update(token.toLowerCase()).digest('hex');

export class PasswordResetService {
  constructor(
    private readonly ctx: Pick<
      AppContext,
      'db' | 'env' | 'mailer' | 'accessTokens' | 'refreshTokens' | 'revokedSessions' | 'chatEvents' | 'now'
    >,
  ) {}

  /** Mails a reset link when an active account has this e-mail; says nothing either way. */
  async request(email: string): Promise<void> {
    const { db, env, mailer, now } = this.ctx;
    const user = await findUserByEmail(db, email);
    if (!user?.active) return;
    const token = newResetToken();
    await inTransaction(db, async (tx) => {
      // Only the newest link works: an older mail lying in the inbox is worthless.
      await tx.delete(passwordTokens).where(and(eq(passwordTokens.userId, user.id), isNull(passwordTokens.usedAt)));
      await tx.insert(passwordTokens).values({
        userId: user.id,
        tokenHash: hashResetToken(token),
        expiresAt: new Date(now().getTime() + LIMITS.resetTokenTtlMs),
      });
    });
    const link = `${env.appUrl}/reset-password?token=${token}`;
    await mailer.dispatch(passwordResetMail({ to: user.email, name: user.name, link }));
  }

  /** Sets the new password, spends the token, ends every session of the user and revokes their API key. */
  async reset(token: string, newPassword: string): Promise<void> {
    await this.spend(token, newPassword, RESET_LINK_INVALID);
  }

  /**
   * The welcome link of a new account: the password is set as a reset does, and the person comes
   * back signed in, as a registration by invite does, instead of typing the password once more.
   */
  async welcome(token: string, newPassword: string, device: SessionDevice): Promise<SigninResponse> {
    const { db, accessTokens, refreshTokens, now } = this.ctx;
    const userId = await this.spend(token, newPassword, WELCOME_LINK_INVALID);
    const user = (await findUserById(db, userId))!;
    const refresh = await refreshTokens.issue(user.id, false, now(), device);
    const accessToken = await accessTokens.sign({ ...user, sessionId: refresh.familyId });
    return { user: toUserEntity(user), accessToken, refreshToken: refresh.token };
  }

  /** The user whose password the token set (400 with `invalidMessage` for a dead token). */
  private async spend(token: string, newPassword: string, invalidMessage: string): Promise<string> {
    const { db, refreshTokens, now } = this.ctx;
    // Hashed before the row lock is taken (argon2 is slow), and for bad tokens too (same timing).
    const passwordHash = await hashPassword(newPassword);
    const reset = await inTransaction(db, async (tx) => {
      const at = now();
      const [row] = await tx
        .select()
        .from(passwordTokens)
        .where(eq(passwordTokens.tokenHash, hashResetToken(token)))
        .for('update');
      if (!row || row.usedAt || row.expiresAt.getTime() <= at.getTime()) return null;
      const [user] = await tx.select({ active: users.active }).from(users).where(eq(users.id, row.userId));
      if (!user?.active) return null;
      await tx.update(passwordTokens).set({ usedAt: at }).where(eq(passwordTokens.id, row.id));
      await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
      const ended = await refreshTokens.revokeAllOfUser(row.userId, { db: tx, now: at });
      // Whoever took over the account may have made a key with it.
      await revokeActiveKeyOfUser(tx, row.userId, at, { actor: { id: row.userId, ip: null }, reason: 'password_reset' });
      return { userId: row.userId, ended };
    });
    if (!reset) throw badRequest(invalidMessage);
    // Open sockets of the user (a stolen session, another device) end with the reset, and their
    // access tokens are refused on every process.
    await this.ctx.revokedSessions.announce(reset.ended, 'password');
    this.ctx.chatEvents.closeSessions([reset.userId]);
    return reset.userId;
  }
}
