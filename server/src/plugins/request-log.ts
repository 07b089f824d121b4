import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

// Fastify's two lines per request ("incoming request", "request completed") are a visible share
// of the send path's CPU in a profile, for lines nobody reads at chat volumes. They stay
// at LOG_LEVEL debug or trace; otherwise what an operator needs remains: requests that failed
// (and the error handler's 5xx lines) and requests slower than SLOW_REQUEST_MS, as warnings.

export const SLOW_REQUEST_MS = 1000;

export class RequestLogController extends LogController {
  private readonly everyRequest: boolean;

  constructor(
    logLevel: string,
    private readonly slowMs: number = SLOW_REQUEST_MS,
  ) {
    super();
    this.everyRequest = logLevel === 'debug' || logLevel === 'trace';
  }

  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    if (this.everyRequest) super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (this.everyRequest || error) return super.requestCompleted(error, request, reply, metadata);
    if (reply.elapsedTime < this.slowMs) return;
    // The route's pattern, never the URL itself: upload URLs carry their signature in the query.
    request.log.warn(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(sem rota)',
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'requisição lenta',
    );
  }
}
