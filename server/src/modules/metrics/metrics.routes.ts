import type { FastifyPluginAsync } from 'fastify';
import { forbidden, unauthorized } from '../../lib/errors';
import { isLocalScrape } from './metrics-access';

export const METRICS_LOCAL_ONLY = 'Métricas disponíveis só nesta máquina enquanto METRICS_TOKEN não estiver definido';

// GET /api/metrics in Prometheus text format. With METRICS_TOKEN, only `Authorization: Bearer
// <METRICS_TOKEN>` gets in; without it, only a scrape from this machine (see isLocalScrape).
export const metricsRoutes: FastifyPluginAsync = async (app) => {
  const { metrics, env } = app.ctx;
  app.get(
    '/metrics',
    { schema: { description: 'Métricas do processo no formato de texto do Prometheus (docs/operacao.md, "Métricas").' } },
    async (request, reply) => {
      if (env.metricsToken && request.headers.authorization !== `Bearer ${env.metricsToken}`) throw unauthorized('Não autorizado');
      if (!env.metricsToken && !isLocalScrape(request)) throw forbidden(METRICS_LOCAL_ONLY);
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
};
