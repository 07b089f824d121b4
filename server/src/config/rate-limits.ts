import type { RateRule } from '../lib/rate-limit/rate-limiter';

/**
 * Limits of the endpoints that guess or mail (DESIGN section 2). Set through buildApp's options,
 * not the environment, so tests can use a short window and watch it end.
 */
export interface RateLimitSettings {
  /** Failed sign-ins per identifier (e-mail or nickName): stops guessing one account's password. */
  signinPerIdentifier: RateRule;
  /** Failed sign-ins per IP: stops one client from trying many accounts. */
  signinPerIp: RateRule;
  /** Reset requests per e-mail: each one sends a mail to that address. */
  passwordResetPerEmail: RateRule;
  /** Reset requests per IP. */
  passwordResetPerIp: RateRule;
  /** Requests per API key (issue 12): one integration cannot monopolise the server. */
  apiKeyRequests: RateRule;
  /** Upload URLs per member: each lets one file onto the disk. */
  uploadUrlsPerMember: RateRule;
}

const MINUTE = 60_000;

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signinPerIdentifier: { max: 10, windowMs: 15 * MINUTE },
  signinPerIp: { max: 30, windowMs: 15 * MINUTE },
  passwordResetPerEmail: { max: 5, windowMs: 60 * MINUTE },
  passwordResetPerIp: { max: 20, windowMs: 60 * MINUTE },
  apiKeyRequests: { max: 120, windowMs: MINUTE },
  uploadUrlsPerMember: { max: 30, windowMs: MINUTE },
};
