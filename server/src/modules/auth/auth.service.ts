import type { SigninInput, SigninResponse } from '@chat/contracts';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/errors';
import { toUserEntity } from '../users/user-entity';
import { findUserByIdentifier } from '../users/users.repository';
import type { AccessTokens } from './access-token';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import type { RefreshTokens } from './refresh-tokens';

/** One message for unknown user, wrong password and removed member: no account enumeration. */
export const INVALID_CREDENTIALS = 'Usuário ou senha inválidos';

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    private readonly refreshTokens: RefreshTokens,
  ) {}

  async signin(input: SigninInput): Promise<SigninResponse> {
    const user = await findUserByIdentifier(this.db, input.identifier);
    if (!user) {
      await verifyAgainstDummy(input.password);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    const passwordOk = await verifyPassword(user.passwordHash, input.password);
    if (!passwordOk || !user.active) throw unauthorized(INVALID_CREDENTIALS);

    const accessToken = await this.accessTokens.sign(user);
    const refresh = await this.refreshTokens.issue(user.id, input.rememberMe ?? false);
    return { user: toUserEntity(user), accessToken, refreshToken: refresh.token };
  }
}
