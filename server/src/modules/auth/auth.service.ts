import { type SigninInput, type SigninResponse, SSO_TEXTS, type TokenPair } from '@chat/contracts';
import type { Db } from '../../db/client';
import { forbidden, unauthorized } from '../../lib/errors';
import { passwordAllowed } from '../sso/sso-config';
import { toUserEntity } from '../users/user-entity';
import { findUserById, findUserByIdentifier } from '../users/users.repository';
import type { AccessTokens } from './access-token';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import type { RefreshTokens } from './refresh-tokens';
import type { RevokedSessions } from './revoked-sessions';
import type { SessionDevice } from './session-device';

/** One message for unknown user, wrong password and removed member: no account enumeration. */
export const INVALID_CREDENTIALS = 'Usuário ou senha inválidos';
/** Any refused renewal (unknown, expired, revoked, reused token; removed member): sign in again. */
export const SESSION_EXPIRED = 'Sessão expirada. Entre novamente.';

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    private readonly refreshTokens: RefreshTokens,
    private readonly revokedSessions: RevokedSessions,
  ) {}

  /**
   * `device`: the signing-in browser, as the list of sessions will show it. `beforePasswordCheck`
   * runs once the identifier has named an account, before its password is checked (the caller
   * counts the attempt against that account there).
   */
  async signin(input: SigninInput, device: SessionDevice, beforePasswordCheck: (userId: string) => Promise<void>): Promise<SigninResponse> {
    const user = await findUserByIdentifier(this.db, input.identifier);
    if (!user) {
      await verifyAgainstDummy(input.password);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await beforePasswordCheck(user.id);
    const passwordOk = await verifyPassword(user.passwordHash, input.password);
    if (!passwordOk || !user.active) throw unauthorized(INVALID_CREDENTIALS);
    // Said only after the right password, so it reveals nothing about who has an account.
    if (!(await passwordAllowed(this.db, user.workspaceId))) throw forbidden(SSO_TEXTS.passwordRefused);

    const refresh = await this.refreshTokens.issue(user.id, input.rememberMe ?? false, new Date(), device);
    const accessToken = await this.accessTokens.sign({ ...user, sessionId: refresh.familyId });
    return { user: toUserEntity(user), accessToken, refreshToken: refresh.token };
  }

  /** Renewal: rotates the refresh token (reuse revokes its family) and signs a new access token. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const rotation = await this.refreshTokens.rotate(refreshToken);
    if (!rotation.ok) {
      // A rotated token presented again: whoever holds the family's newest token (maybe a thief)
      // loses its access tokens too, not only its renewals.
      if (rotation.reason === 'reused') await this.revokedSessions.announce([rotation.endedSessionId]);
      throw unauthorized(SESSION_EXPIRED);
    }
    const user = await findUserById(this.db, rotation.userId);
    if (!user?.active) {
      // Removal should already have revoked them; this closes any gap.
      await this.revokedSessions.announce(await this.refreshTokens.revokeAllOfUser(rotation.userId));
      throw unauthorized(SESSION_EXPIRED);
    }
    return {
      accessToken: await this.accessTokens.sign({ ...user, sessionId: rotation.issued.familyId }),
      refreshToken: rotation.issued.token,
    };
  }
}
