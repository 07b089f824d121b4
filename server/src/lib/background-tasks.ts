import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that runs after the answer has left: its failures are logged (nobody is waiting for them)
 * and closing waits for what is still running, so the database is not closed under a task.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, task: () => Promise<void>): void {
    // Started on a later turn of the event loop, once the answer is on its way: an embedded
    // database (PGlite) does its work on this thread and would otherwise hold the answer back.
    const done = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, what));
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  /** Resolves once no task is running, counting those that the awaited tasks started. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
