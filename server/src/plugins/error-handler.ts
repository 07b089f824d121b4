import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { isDatabaseUnavailable, isDiskFull } from '../lib/db-errors';
import { insufficientStorage, isAppError } from '../lib/errors';
import { RequestValidationError } from '../lib/validation';

// The one place that shapes error responses: { statusCode, error, message[, issues] }, message in
// Portuguese, and never the internals of a 5xx.

const MESSAGES_BY_STATUS: Record<number, string> = {
  400: 'Requisição inválida',
  401: 'Não autorizado',
  403: 'Acesso negado',
  404: 'Recurso não encontrado',
  405: 'Método não permitido',
  406: 'Formato de resposta não aceito',
  409: 'Conflito com o estado atual',
  413: 'Conteúdo muito grande',
  414: 'Endereço muito longo',
  415: 'Tipo de conteúdo não suportado',
  429: 'Muitas requisições. Tente novamente em instantes.',
};
const INTERNAL = 'Erro interno do servidor';
const UNAVAILABLE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
/** When a client should try again after an outage: a restarting database is usually back within seconds. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function errorBody(statusCode: number, message: string, extra: Record<string, unknown> = {}) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}

function sendError(request: FastifyRequest, reply: FastifyReply, thrown: FastifyError | Error) {
  // A full disk refused the write: the client may try again later (its outbox does).
  const diskFull = isDiskFull(thrown);
  if (diskFull) request.log.warn('sem espaço em disco: escrita recusada (507)');
  const error = diskFull ? insufficientStorage() : thrown;
  if (error instanceof RequestValidationError) {
    return reply.status(400).send(errorBody(400, error.message, { issues: error.issues }));
  }
  if (isAppError(error)) {
    reply.headers(error.headers);
    return reply.status(error.statusCode).send(errorBody(error.statusCode, error.message));
  }
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large...) carry English messages.
    return reply.status(status).send(errorBody(status, MESSAGES_BY_STATUS[status] ?? 'Requisição inválida'));
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: one line per request, and the client keeps its request to try again.
    // The error says a connection failed, not to what (the database, Redis or the bucket).
    request.log.warn({ err: error }, 'serviço indisponível: conexão recusada ou perdida (banco, Redis ou bucket)');
    reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return reply.status(503).send(errorBody(503, UNAVAILABLE));
  }
  request.log.error({ err: error }, 'erro não tratado');
  return reply.status(500).send(errorBody(500, INTERNAL));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(request, reply, error));
}

/**
 * Fastify's `frameworkErrors` option: errors its router raises before any route or error handler
 * (a malformed URL, a path parameter over maxParamLength) would otherwise answer in English.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(errorBody(status, MESSAGES_BY_STATUS[status] ?? 'Requisição inválida'));
  request.log.info({ code: error.code }, 'requisição recusada pelo roteador');
}

export const notFoundBody = () => errorBody(404, 'Rota não encontrada');
