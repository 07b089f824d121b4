import type {
  CreateByInviteBody,
  ForgotPasswordInput,
  InviteMemberInput,
  RefreshTokenBody,
  SigninInput,
  SigninResponse,
  TokenPair,
  UsePasswordTokenBody,
} from '@chat/contracts';
import { bareHttp, http } from './client';
import { request } from './http';
import { RENEWAL_PATH, SIGNIN_PATH } from './renewal';

// The authentication calls, plus the two account calls of the invite flow.

/** A server answer that only carries a Portuguese `message`. */
export interface MessageResponse {
  message: string;
}

export interface InviteResponse extends MessageResponse {
  /** ISO date-time: the code is valid for 7 days. */
  expiresAt: string;
}

/** POST /auth/signin `{identifier, password, rememberMe}`. A 401 here never starts a renewal. */
export const signin = (body: SigninInput) => request<SigninResponse>(http(), { method: 'POST', url: SIGNIN_PATH, data: body });

/** POST /refresh-token/use: rotates the pair. Bare, so its own 401 cannot start a renewal. */
export const refreshTokens = (body: RefreshTokenBody) => request<TokenPair>(bareHttp(), { method: 'POST', url: RENEWAL_PATH, data: body });

/**
 * POST /auth/signout `{refreshToken}`: revokes the refresh token (best effort, after the shell has
 * cleared the session). Bare: an answer of 401 must not lead to a renewal.
 */
export const signout = (body: RefreshTokenBody) => request<void>(bareHttp(), { method: 'POST', url: '/auth/signout', data: body });

/** POST /password-token/create `{email}`: the same 200 for every address. */
export const createPasswordToken = (body: ForgotPasswordInput) =>
  request<MessageResponse>(http(), { method: 'POST', url: '/password-token/create', data: body });

/** PATCH /password-token/use `{token, newPassword}`. */
export const resetPasswordWithToken = (body: UsePasswordTokenBody) =>
  request<MessageResponse>(http(), { method: 'PATCH', url: '/password-token/use', data: body });

/**
 * POST /password-token/welcome `{token, newPassword}`: the first password of an account someone
 * else created (the welcome mail); answers signed in, like sign-in.
 */
export const setFirstPassword = (body: UsePasswordTokenBody) =>
  request<SigninResponse>(http(), { method: 'POST', url: '/password-token/welcome', data: body });

/** POST /user/invite `{email}` (ADMIN): mails a link to /register?inviteCode=XXX-XXX&email=.... */
export const inviteUser = (body: InviteMemberInput) => request<InviteResponse>(http(), { method: 'POST', url: '/user/invite', data: body });

/** POST /user/create-by-invite: creates the account and answers signed in, like sign-in. */
export const createUserByInvite = (body: CreateByInviteBody) =>
  request<SigninResponse>(http(), { method: 'POST', url: '/user/create-by-invite', data: body });
