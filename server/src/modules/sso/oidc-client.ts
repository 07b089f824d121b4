import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { WorkspaceSsoRow } from '../../db/schema';

// The one file that speaks OpenID Connect, through openid-client (certified relying party):
// discovery, the authorization URL with PKCE, state and nonce, and the code exchange with the ID
// token's validation (signature, issuer, audience, expiry, nonce).

/** Why talking to the provider failed, as the error page tells it. */
export type ProviderFailure = 'provider' | 'client' | 'expired' | 'denied';

export class ProviderError extends Error {
  constructor(
    readonly failure: ProviderFailure,
    cause: unknown,
  ) {
    super(`sso: ${failure}`, { cause });
  }
}

/** Plain http only for a provider on this machine (development and tests); any other must be https. */
export function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

const DISCOVERY_TIMEOUT_SECONDS = 10;
/** A discovered provider is reused for this long: its keys and endpoints rarely change. */
const DISCOVERY_TTL_MS = 5 * 60 * 1000;

type ProviderSettings = Pick<WorkspaceSsoRow, 'issuer' | 'clientId' | 'clientSecret'>;

export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export class OidcClients {
  private readonly discovered = new Map<string, { config: client.Configuration; until: number }>();

  private async configuration(settings: ProviderSettings): Promise<client.Configuration> {
    const key = createHash('sha256').update(`${settings.issuer}\n${settings.clientId}\n${settings.clientSecret}`).digest('hex');
    const cached = this.discovered.get(key);
    if (cached && cached.until > Date.now()) return cached.config;
    let config: client.Configuration;
    try {
      config = await client.discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        client.ClientSecretBasic(settings.clientSecret),
        {
          timeout: DISCOVERY_TIMEOUT_SECONDS,
          execute: isLoopbackHttp(settings.issuer) ? [client.allowInsecureRequests] : [],
        },
      );
    } catch (error) {
      throw new ProviderError('provider', error);
    }
    this.discovered.set(key, { config, until: Date.now() + DISCOVERY_TTL_MS });
    return config;
  }

  /** Whether the provider answers its discovery at this address. */
  async answers(settings: ProviderSettings): Promise<boolean> {
    try {
      await this.configuration(settings);
      return true;
    } catch {
      return false;
    }
  }

  /** Where to send the browser, and the secrets its return must match. */
  async start(settings: ProviderSettings, redirectUri: string) {
    const config = await this.configuration(settings);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code of `callbackUrl` and validates the ID token; the e-mail comes from the ID
   * token or, when the provider keeps it out of there, from its userinfo endpoint.
   */
  async finish(
    settings: ProviderSettings,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<ProviderIdentity> {
    const config = await this.configuration(settings);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new ProviderError(classify(error), error);
    }
    const claims = tokens.claims();
    if (!claims) throw new ProviderError('client', new Error('sem ID token'));
    let source: Record<string, unknown> = claims;
    if (typeof claims.email !== 'string') {
      try {
        source = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      } catch (error) {
        throw new ProviderError('provider', error);
      }
    }
    return {
      subject: claims.sub,
      email: typeof source.email === 'string' ? source.email.trim().toLowerCase() : null,
      // Only a literal true counts: some providers send the string "true", which is not a claim of verification.
      emailVerified: source.email_verified === true,
      name: typeof source.name === 'string' && source.name.trim() ? source.name.trim() : null,
    };
  }
}

function classify(error: unknown): ProviderFailure {
  if (error instanceof client.AuthorizationResponseError) return error.error === 'access_denied' ? 'denied' : 'expired';
  if (error instanceof client.ResponseBodyError) {
    // A code used twice, expired or issued for another request is invalid_grant: start again.
    return error.error === 'invalid_client' || error.error === 'unauthorized_client' ? 'client' : 'expired';
  }
  // The network: refused, reset, timed out.
  if (error instanceof TypeError || (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))) {
    return 'provider';
  }
  // openid-client refused what the provider answered (an ID token for another client, a bad
  // signature, another issuer): the configuration does not match the provider.
  return 'client';
}
