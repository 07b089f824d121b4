import type { SigninResponse, SsoConfigBody, SsoConfigResponse } from '@chat/contracts';
import { bareHttp, http } from './client';
import { request } from './http';

// Single sign-on: the sign-in page's lookup and exchange, and ROOT's configuration per workspace.
const seg = encodeURIComponent;

/** GET /sso/lookup?email=: the workspace link (`/sso/<slug>`) that answers for this e-mail's domain; 404 when none. */
export const lookupSso = (email: string) => request<{ url: string }>(http(), { method: 'GET', url: '/sso/lookup', params: { email } });

/** POST /sso/exchange `{code}`: the one-time code of the provider's return for the session, like sign-in. Bare: no renewal on 401. */
export const exchangeSsoCode = (code: string) =>
  request<SigninResponse>(bareHttp(), { method: 'POST', url: '/sso/exchange', data: { code } });

export const getWorkspaceSso = (workspaceId: string) =>
  request<SsoConfigResponse>(http(), { method: 'GET', url: `/workspace/${seg(workspaceId)}/sso` });

export const saveWorkspaceSso = (workspaceId: string, body: SsoConfigBody) =>
  request<SsoConfigResponse>(http(), { method: 'PUT', url: `/workspace/${seg(workspaceId)}/sso`, data: body });
