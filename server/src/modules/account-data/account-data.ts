import type { FastifyInstance } from 'fastify';
import { DataExportJobs } from './export-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background exports of people's data (this process's worker). */
    dataExportJobs: DataExportJobs;
  }
}

/**
 * The worker of 'Baixar meus dados', on the app itself: it starts once the app is ready (its
 * notices go out through the socket, attached last) and stops before the database closes, handing
 * an export it was writing back to the queue.
 */
export function registerDataExportJobs(app: FastifyInstance): DataExportJobs {
  const { db, mediaStore, mailer, chatEvents, env, now } = app.ctx;
  const jobs = new DataExportJobs({ db, mediaStore, mailer, chatEvents, now, appUrl: env.appUrl, dataDir: env.dataDir, log: app.log });
  app.decorate('dataExportJobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.close());
  return jobs;
}
