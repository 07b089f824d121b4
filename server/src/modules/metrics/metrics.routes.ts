import type { FastifyPluginAsync } from 'fastify';
import { unauthorized } from '../../lib/errors';

// GET /api/metrics in Prometheus text format. Without METRICS_TOKEN it is open (a Prometheus on
// the private network scrapes it); with it, only `Authorization: Bearer <METRICS_TOKEN>` gets in.
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const { metrics, env } = app.ctx;
  app.get('/metrics', { schema: { description: 'Métricas do processo no formato de texto do Prometheus (README, "Escala").' } }, async (request, reply) => {
    if (env.metricsToken && request.headers.authorization !== `Bearer ${env.metricsToken}`) throw unauthorized('Não autorizado');
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
