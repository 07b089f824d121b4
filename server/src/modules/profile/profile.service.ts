import { and, eq, gt, isNull, max } from 'drizzle-orm';
import { type TokenPair, type UpdatePasswordBody, type UpdateProfileBody, type User, WRONG_CURRENT_PASSWORD } from '@chat/contracts';
import type { AppContext } from '../../context';
import { refreshTokens, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { badRequest, conflict } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { revokeActiveKeyOfUser } from '../api-keys/api-keys.repository';
import type { AuditActor } from '../audit/audit';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { REFRESH_TTL_MS } from '../auth/refresh-tokens';
import { usableMedia } from '../media/media-uploads';
import { NICKNAME_TAKEN } from '../users/create-member';
import { toUserEntity, type UserWithWorkspace } from '../users/user-entity';
import { findUserById } from '../users/users.repository';

export const AVATAR_NOT_FROM_MEDIA_STORE = 'A foto de perfil deve ser enviada pelo upload de avatar';
/** 400, never 401: a 401 would start the browser's session renewal instead of showing the message. */
export { WRONG_CURRENT_PASSWORD };

type ProfileContext = Pick<
  AppContext,
  'db' | 'env' | 'mediaStore' | 'accessTokens' | 'refreshTokens' | 'revokedSessions' | 'chatEvents' | 'now'
>;

export class ProfileService {
  constructor(private readonly ctx: ProfileContext) {}

  /** The caller's own profile; everyone who can see them hears `user:updated`. */
  async update(user: UserWithWorkspace, body: UpdateProfileBody): Promise<User> {
    if (typeof body.avatarUrl === 'string' && body.avatarUrl !== user.avatarUrl) await this.assertOwnAvatar(body.avatarUrl, user);
    const changes = {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.nickName === undefined ? {} : { nickName: body.nickName }),
      ...(body.avatarUrl === undefined ? {} : { avatarUrl: body.avatarUrl }),
    };
    if (Object.keys(changes).length > 0) {
      try {
        await this.ctx.db.update(users).set(changes).where(eq(users.id, user.id));
      } catch (error) {
        if (isUniqueViolation(error, 'users_nick_name_lower_key')) throw conflict(NICKNAME_TAKEN);
        throw error;
      }
    }
    const entity = toUserEntity((await findUserById(this.ctx.db, user.id))!);
    // Colleagues show this name and avatar in their lists, headers, bubbles and panels.
    if (user.workspaceId) this.ctx.chatEvents.toWorkspace(user.workspaceId, 'user:updated', entity);
    else this.ctx.chatEvents.toUsers([user.id], 'user:updated', entity);
    return entity;
  }

  /**
   * Checks the current password, stores the new one and ends every other session of the user
   * (their refresh tokens revoked, their access tokens refused on every process; the new hash also
   * invalidates every access token issued before: see passwordStamp), and revokes the API key
   * unless the body says `revokeApiKey: false`. The calling session stays, with a fresh pair; the
   * caller announces 'session:revoked' to the other sessions once answered.
   */
  async changePassword(user: UserWithWorkspace, body: UpdatePasswordBody, sessionId: string | null, actor: AuditActor): Promise<TokenPair> {
    if (!(await verifyPassword(user.passwordHash, body.oldPassword))) throw badRequest(WRONG_CURRENT_PASSWORD);
    const passwordHash = await hashPassword(body.newPassword);
    const now = this.ctx.now();
    const rememberMe = sessionId === null && (await this.wasRemembered(user.id, now));
    const { ended, kept } = await inTransaction(this.ctx.db, async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      const except = sessionId ?? undefined;
      if (body.revokeApiKey ?? true) await revokeActiveKeyOfUser(tx, user.id, now, { actor, reason: 'password_changed' });
      return {
        ended: await this.ctx.refreshTokens.revokeAllOfUser(user.id, { db: tx, now, except }),
        kept: sessionId === null ? null : await this.ctx.refreshTokens.reissue(user.id, sessionId, { db: tx, now }),
      };
    });
    await this.ctx.revokedSessions.announce(ended, 'password');
    // A token that names no session (signed before sessions had ids) starts a new one.
    const refresh = kept ?? (await this.ctx.refreshTokens.issue(user.id, rememberMe, now));
    return {
      accessToken: await this.ctx.accessTokens.sign({ ...user, passwordHash, sessionId: refresh.familyId }),
      refreshToken: refresh.token,
    };
  }

  /**
   * Whether the new session should last as long as a "remember me" one: the request does not say
   * which refresh token the calling tab holds, so the longest-lived active one decides.
   */
  private async wasRemembered(userId: string, now: Date): Promise<boolean> {
    const [row] = await this.ctx.db
      .select({ until: max(refreshTokens.expiresAt) })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)));
    return !!row?.until && row.until.getTime() - now.getTime() > REFRESH_TTL_MS.session;
  }

  /** An image uploaded within the user's workspace (see usableMedia), in the 'avatars' folder. */
  private async assertOwnAvatar(url: string, user: UserWithWorkspace): Promise<void> {
    const media = await usableMedia({ db: this.ctx.db, env: this.ctx.env, store: this.ctx.mediaStore }, url, user);
    if (!media || media.folder !== 'avatars') {
      throw badRequest(AVATAR_NOT_FROM_MEDIA_STORE);
    }
  }
}
