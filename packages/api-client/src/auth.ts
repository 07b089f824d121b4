import type { SigninInput, SigninResponse } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

export const signin = (body: SigninInput) =>
  request<SigninResponse>(http(), { method: 'POST', url: '/auth/signin', data: body });
