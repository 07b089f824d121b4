import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { SigninResponse, SsoErrorCode } from '@chat/contracts';
import { ssoHandoffs, ssoLogins } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import type { AppContext } from '../../context';
import type { SessionDevice } from '../auth/session-device';
import { toUserEntity } from '../users/user-entity';
import { findUserById } from '../users/users.repository';
import { accountFor } from './sso-accounts';
import { findSsoBySlug, findSsoByWorkspace, ssoRedirectUri } from './sso-config';
import { type OidcClients, ProviderError } from './oidc-client';

// The trip through the provider, in three requests: /sso/<slug> sends the browser there, the
// provider sends it back to /api/sso/callback, and that hands the page a one-time code that
// POST /api/sso/exchange turns into the normal session (docs/arquitetura.md, Sessões).

/** How long the provider may keep the person (typing a password, a second factor). */
const LOGIN_TTL_MS = 10 * 60 * 1000;
/** The page exchanges the code right after it loads. */
const HANDOFF_TTL_MS = 60 * 1000;
export const HANDOFF_INVALID = 'Código de entrada inválido ou expirado. Entre novamente.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Where the browser goes next: the provider, the page with the code, or the error page. */
export type Step = { kind: 'provider'; url: string; state: string } | { kind: 'done'; location: string };

export const errorPage = (reason: SsoErrorCode): Step => ({ kind: 'done', location: `/sso?erro=${reason}` });

export class SsoSignIn {
  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'env' | 'now'>,
    private readonly clients: OidcClients,
  ) {}

  async start(slug: string): Promise<Step> {
    const sso = await findSsoBySlug(this.ctx.db, slug);
    if (!sso?.enabled) return errorPage('unknown');
    const now = this.ctx.now();
    try {
      const trip = await this.clients.start(sso, ssoRedirectUri(this.ctx.env.appUrl));
      // Old trips go as new ones start: the table holds only the last minutes.
      await this.ctx.db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, now));
      await this.ctx.db.insert(ssoLogins).values({
        stateHash: sha256(trip.state),
        workspaceId: sso.workspaceId,
        nonce: trip.nonce,
        codeVerifier: trip.codeVerifier,
        expiresAt: new Date(now.getTime() + LOGIN_TTL_MS),
      });
      return { kind: 'provider', url: trip.url.href, state: trip.state };
    } catch (error) {
      if (error instanceof ProviderError) return errorPage(error.failure);
      throw error;
    }
  }

  /**
   * The provider's return. `browserState` is the state this browser was given (its cookie): a
   * return carrying another state, or none, was not started here. Each trip is used once, so a
   * replayed return finds nothing.
   */
  async callback(query: Record<string, string>, browserState: string | null): Promise<Step> {
    if (query.error === 'access_denied') return errorPage('denied');
    if (!browserState || query.state !== browserState) return errorPage('expired');
    const now = this.ctx.now();
    const [trip] = await this.ctx.db
      .delete(ssoLogins)
      .where(and(eq(ssoLogins.stateHash, sha256(browserState)), gt(ssoLogins.expiresAt, now)))
      .returning();
    if (!trip) return errorPage('expired');
    const sso = await findSsoByWorkspace(this.ctx.db, trip.workspaceId);
    if (!sso?.enabled) return errorPage('unknown');
    const callbackUrl = new URL(ssoRedirectUri(this.ctx.env.appUrl));
    for (const [name, value] of Object.entries(query)) callbackUrl.searchParams.set(name, value);
    try {
      const identity = await this.clients.finish(sso, callbackUrl, {
        state: browserState,
        nonce: trip.nonce,
        codeVerifier: trip.codeVerifier,
      });
      const account = await accountFor(this.ctx.db, sso, identity, now);
      if (!account.ok) return errorPage(account.reason);
      const code = randomBytes(32).toString('base64url');
      await this.ctx.db.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, now));
      await this.ctx.db
        .insert(ssoHandoffs)
        .values({ codeHash: sha256(code), userId: account.userId, expiresAt: new Date(now.getTime() + HANDOFF_TTL_MS) });
      // In the fragment: the browser never sends it to a server, so no log or Referer holds it.
      return { kind: 'done', location: `/sso#codigo=${code}` };
    } catch (error) {
      if (error instanceof ProviderError) return errorPage(error.failure);
      throw error;
    }
  }
}

/** The page's exchange of the one-time code: the same session and tokens as a password sign-in. */
export async function exchangeHandoff(
  ctx: Pick<AppContext, 'db' | 'now' | 'refreshTokens' | 'accessTokens'>,
  code: string,
  device: SessionDevice,
): Promise<SigninResponse> {
  const now = ctx.now();
  const [handoff] = await ctx.db
    .delete(ssoHandoffs)
    .where(and(eq(ssoHandoffs.codeHash, sha256(code)), gt(ssoHandoffs.expiresAt, now)))
    .returning();
  const user = handoff ? await findUserById(ctx.db, handoff.userId) : null;
  if (!user?.active) throw unauthorized(HANDOFF_INVALID);
  const refresh = await ctx.refreshTokens.issue(user.id, false, now, device);
  const accessToken = await ctx.accessTokens.sign({ ...user, sessionId: refresh.familyId });
  return { user: toUserEntity(user), accessToken, refreshToken: refresh.token };
}
