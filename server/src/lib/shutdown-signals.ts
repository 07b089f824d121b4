import type { FastifyBaseLogger } from 'fastify';

export interface ShutdownOptions {
  /** Closes everything gracefully (app.close()). */
  close: () => Promise<void>;
  /** Past this, the process exits whether or not close() has finished. */
  timeoutMs: number;
  log: FastifyBaseLogger;
  exit?: (code: number) => void;
}

/**
 * SIGTERM and SIGINT close the server gracefully, within a bound. Closing waits for requests in
 * progress, Redis and the database, and any of them may be gone or frozen: a deploy must not wait
 * on them. Clients lose nothing by the exit: a send without an answer is retried with its clientId,
 * and sockets (cut first thing on close, or by the kernel at exit) reconnect to another process.
 * A second signal is the operator saying "now": the process exits at once.
 */
export function exitOnShutdownSignals({ close, timeoutMs, log, exit = (code) => process.exit(code) }: ShutdownOptions): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      log.warn(`${signal} durante o encerramento: saindo sem esperar`);
      exit(1);
      return;
    }
    closing = true;
    log.info(`${signal}: encerrando`);
    const deadline = setTimeout(() => {
      log.error(`encerramento não terminou em ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS): saindo sem esperar`);
      exit(1);
    }, timeoutMs);
    close().then(
      () => {
        clearTimeout(deadline);
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(deadline);
        log.error({ err: error }, 'falha ao encerrar');
        exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
