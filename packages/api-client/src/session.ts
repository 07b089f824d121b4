import { FIRST_CALLS, type User } from '@chat/contracts';
import { earlyResponse, http } from './client';
import { request } from './http';

/** The signed-in user (GET /api/auth/me); also a cheap authenticated call to renew a session. */
export const getCurrentUser = async () =>
  (await earlyResponse<User>(FIRST_CALLS.me)) || request<User>(http(), { method: 'GET', url: FIRST_CALLS.me });
