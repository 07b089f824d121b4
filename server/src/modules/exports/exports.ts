import type { FastifyInstance } from 'fastify';
import type { ExportDeps, ExportKinds } from './export-kind';
import { DataExportJobs } from './export-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background exports, a person's and a workspace's (this process's worker). */
    dataExportJobs: DataExportJobs;
  }
}

/** What every kind of export is built with, from the app's context. */
export function exportDeps(app: FastifyInstance): ExportDeps {
  const { db, mediaStore, mailer, chatEvents, env, now } = app.ctx;
  return { db, mediaStore, mailer, chatEvents, now, appUrl: env.appUrl, log: app.log };
}

/**
 * The exports' worker, on the app itself: it starts once the app is ready (its notices go out
 * through the socket, attached last) and stops before the database closes, handing an export it
 * was writing back to the queue.
 */
export function registerExportJobs(app: FastifyInstance, kinds: ExportKinds): DataExportJobs {
  const { db, env, now } = app.ctx;
  const jobs = new DataExportJobs({ db, now, dataDir: env.dataDir, log: app.log, kinds });
  app.decorate('dataExportJobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.close());
  return jobs;
}
