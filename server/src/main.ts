import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { EnvError, loadEnv } from './config/env';
import { LISTEN_BACKLOG } from './config/listen-backlog';
import { DataDirLockedError } from './db/pglite/data-dir-lock';
import { drainAndClose } from './drain';
import { serializeError } from './lib/log-options';
import { exitOnShutdownSignals } from './lib/shutdown-signals';
import { formatAccounts } from './modules/bootstrap/credentials-file';

// Entry point of `start` and `dev`: parse the environment, build, listen, shut down cleanly.

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }

  let app: FastifyInstance;
  try {
    app = await buildApp({ env, dailyJobs: true });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }

  const report = app.bootstrapReport;
  if (report.created) {
    const line = '='.repeat(78);
    console.log(`\n${line}\n${formatAccounts(report.accounts)}\n\nGuardadas em ${report.credentialsFile}\n${line}\n`);
  } else if (report.credentialsFile) {
    console.log(`Credenciais iniciais: ${report.credentialsFile}`);
  }

  const drainMs = env.shutdownDrainMs;
  exitOnShutdownSignals({
    close: () => (drainMs > 0 ? drainAndClose(app, drainMs) : app.close()),
    // The bound starts once the drain is over: the drain is time the balancer asked for.
    timeoutMs: drainMs + env.shutdownTimeoutMs,
    log: app.log,
  });

  try {
    await app.listen({ port: env.port, host: env.host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      await app.close().catch(() => undefined);
      fail(`A porta ${env.port} já está em uso (port ${env.port} is already in use): defina outra com PORT.`);
    }
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const shownHost = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  console.log(`Servidor ouvindo em http://${shownHost}:${port} (banco: ${app.ctx.database.engine})`);
}

main().catch((error: unknown) => {
  // As the logger would write it: a failed query's parameters (a password hash) stay out.
  console.error('Falha ao iniciar o servidor:', serializeError(error));
  process.exit(1);
});
