import type { FastifyInstance } from 'fastify';
import { WorkspaceDeletionJobs } from './workspace-deletion-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** ROOT's workspace deletions (this process's worker). */
    workspaceDeletionJobs: WorkspaceDeletionJobs;
  }
}

/** The deletion worker, on the app: it starts once the app is ready and stops before the database closes. */
export function registerWorkspaceDeletionJobs(app: FastifyInstance): WorkspaceDeletionJobs {
  const { db, mediaStore, env, now } = app.ctx;
  const jobs = new WorkspaceDeletionJobs({ db, store: mediaStore, dataDir: env.dataDir, now, log: app.log });
  app.decorate('workspaceDeletionJobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.close());
  return jobs;
}
