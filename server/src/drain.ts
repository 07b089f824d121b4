import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * A SIGTERM behind a load balancer (SHUTDOWN_DRAIN_MS > 0): /api/health answers 503 for `drainMs`
 * while everything else is still served, so the balancer's checks take this process out before it
 * stops listening, and no request is sent to a closed port; then its sockets are told to reconnect
 * (they land on the processes the balancer still uses), and app.close() finishes the requests in
 * flight, cuts what sockets are left and releases the rest.
 */
export async function drainAndClose(app: FastifyInstance, drainMs: number): Promise<void> {
  app.ctx.draining.start();
  app.log.info(`drenando: /api/health responde 503 por ${drainMs} ms antes de encerrar`);
  await sleep(drainMs);
  await app.moveSockets();
  await app.close();
}
