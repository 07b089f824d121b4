import type { User } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

/** The signed-in user (GET /api/auth/me); also a cheap authenticated call to renew a session. */
export const getCurrentUser = () => request<User>(http(), { method: 'GET', url: '/auth/me' });
