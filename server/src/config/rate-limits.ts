import type { RateRule } from '../lib/rate-limit/rate-limiter';

/**
 * Limits of the endpoints that guess or mail (docs/produto.md, Contas, sessões e segurança). Set
 * through buildApp's options, not the environment, so tests can use a short window and watch it
 * end.
 */
export interface RateLimitSettings {
  /** Failed sign-ins per identifier (e-mail or nickName): stops guessing one account's password. */
  signinPerIdentifier: RateRule;
  /**
   * Failed sign-ins per account, whichever identifier named it: the e-mail and the nickName of one
   * account share this allowance, so switching identifiers buys no extra guesses.
   */
  signinPerAccount: RateRule;
  /** Failed sign-ins per IP: stops one client from trying many accounts. */
  signinPerIp: RateRule;
  /** Reset requests per e-mail: each one sends a mail to that address. */
  passwordResetPerEmail: RateRule;
  /** Reset requests per IP. */
  passwordResetPerIp: RateRule;
  /** Registrations with an unknown, used or expired invite code (or a wrong e-mail) per IP. */
  invitePerIp: RateRule;
  /** The same, per typed code: one code cannot be tried from many addresses at once. */
  invitePerCode: RateRule;
  /** Requests per API key: one integration cannot monopolise the server. */
  apiKeyRequests: RateRule;
  /** Unknown, revoked or malformed x-api-key values per IP: keys cannot be guessed in bulk. */
  apiKeyFailuresPerIp: RateRule;
  /** Upload URLs per member: each lets one file onto the disk. */
  uploadUrlsPerMember: RateRule;
  /** Company sign-in lookups per IP: which e-mail domains sign in through a provider cannot be listed in bulk. */
  ssoLookupPerIp: RateRule;
  /** Posts per incoming webhook: a runaway script cannot flood its group. */
  webhookPosts: RateRule;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signinPerIdentifier: { max: 10, windowMs: 15 * MINUTE },
  signinPerAccount: { max: 10, windowMs: 15 * MINUTE },
  signinPerIp: { max: 30, windowMs: 15 * MINUTE },
  passwordResetPerEmail: { max: 5, windowMs: 60 * MINUTE },
  passwordResetPerIp: { max: 20, windowMs: 60 * MINUTE },
  invitePerIp: { max: 10, windowMs: 15 * MINUTE },
  invitePerCode: { max: 5, windowMs: 15 * MINUTE },
  apiKeyRequests: { max: 120, windowMs: MINUTE },
  apiKeyFailuresPerIp: { max: 20, windowMs: 15 * MINUTE },
  uploadUrlsPerMember: { max: 30, windowMs: MINUTE },
  ssoLookupPerIp: { max: 60, windowMs: 15 * MINUTE },
  webhookPosts: { max: 60, windowMs: MINUTE },
};
