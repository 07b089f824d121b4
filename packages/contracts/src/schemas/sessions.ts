import * as z from 'zod/mini';
import '../zod-locale';

/**
 * Beyond the original spec: one signed-in device (a sign-in and the renewals that followed it), as
 * listed in Configurações > Conta > Segurança. `current` marks the session of the token that asked.
 */
export const sessionEntitySchema = z.object({
  id: z.string(),
  device: z.string(),
  browser: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionEntity = z.infer<typeof sessionEntitySchema>;

/** GET /auth/sessions: the caller's active sessions, most recently used first. */
export const sessionListSchema = z.object({ sessions: z.array(sessionEntitySchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/**
 * POST /auth/sessions/end-all: every session of the caller ends, the calling one too ("Sair de
 * todos os dispositivos"), unless exceptCurrent keeps the calling one.
 */
export const endAllSessionsBodySchema = z.object({
  exceptCurrent: z.optional(z.boolean('exceptCurrent deve ser verdadeiro ou falso')),
});
export type EndAllSessionsBody = z.infer<typeof endAllSessionsBodySchema>;

/** What the sessions section says; the server's refusals are in SESSION_ERRORS. */
export const SESSIONS_TEXTS = {
  title: 'Sessões ativas',
  current: 'Este dispositivo',
  lastUsed: 'Último uso',
  end: 'Encerrar',
  endAll: 'Sair de todos os dispositivos',
  endAllTitle: 'Sair de todos os dispositivos?',
  endAllDescription: 'Todas as sessões desta conta serão encerradas, inclusive esta. Será preciso entrar novamente em cada dispositivo.',
  endAllConfirm: 'Sair de todos',
  cancel: 'Cancelar',
  ended: 'Sessão encerrada',
  empty: 'Nenhuma sessão ativa',
  listError: 'Ocorreu um erro ao buscar as sessões',
  endError: 'Ocorreu um erro ao encerrar a sessão',
} as const;

export const SESSION_ERRORS = {
  /** Unknown, ended, expired, or another person's: the same answer (no existence leaks). */
  notFound: 'Sessão não encontrada',
} as const;
