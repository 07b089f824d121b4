import type { TokenPair, UpdatePasswordBody, UpdateProfileBody, User } from '@chat/contracts';
import { adoptTokens, http } from './client';
import { request } from './http';

// The caller's own account (PATCH /user/update and /user/update-password).

/** Only the fields given change; answers the whole updated user. */
export const updateProfile = (body: UpdateProfileBody) => request<User>(http(), { method: 'PATCH', url: '/user/update', data: body });

/**
 * The server revokes every session of the user and answers a fresh pair for this tab, which is
 * stored at once: a wrong current password is a 400, so it never starts the renewal flow.
 */
export async function updatePassword(body: UpdatePasswordBody) {
  const result = await request<TokenPair>(http(), { method: 'PATCH', url: '/user/update-password', data: body });
  adoptTokens(result.data);
  return result;
}
