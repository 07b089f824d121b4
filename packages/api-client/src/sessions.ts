import type { EndAllSessionsBody, SessionList } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// The caller's signed-in devices (beyond the original spec): Configurações > Conta > Segurança.

/** GET /auth/sessions: the active sessions, the calling one flagged `current`. */
export const listSessions = () => request<SessionList>(http(), { method: 'GET', url: '/auth/sessions' });

/** DELETE /auth/sessions/{id}: ends one of my sessions (its tokens refused, its sockets closed). */
export const endSession = (id: string) => request<void>(http(), { method: 'DELETE', url: `/auth/sessions/${encodeURIComponent(id)}` });

/** POST /auth/sessions/end-all: "Sair de todos os dispositivos", this one too unless exceptCurrent. */
export const endAllSessions = (body: EndAllSessionsBody = {}) =>
  request<void>(http(), { method: 'POST', url: '/auth/sessions/end-all', data: body });
