import path from 'node:path';
import { buildApp } from '../../src/app';
import { parseEnv } from '../../src/config/env';
import type { ServerConfig } from './protocol';
import { seedMembers } from './seed-members';
import { answerHarness, send, serverConfig } from './stats-reporter';

// A server child of the load harness: the real app (buildApp, as main.ts starts it) at the default
// LOG_LEVEL (its stdout goes to /dev/null, the cost of writing it stays), seeded with the harness's members on its first start. Run by run.ts, never alone.

const config = serverConfig<ServerConfig>();
const env = parseEnv({
  DATA_DIR: config.dataDir,
  DATABASE_URL: config.databaseUrl,
  REDIS_URL: config.redisUrl,
  REDIS_KEY_PREFIX: config.redisKeyPrefix,
  JWT_SECRET: config.jwtSecret,
  WEB_ROOT: path.join(config.dataDir!, 'web'),
  ROOT_PASSWORD: 'senha-root-carga',
  SEED_DEMO: 'false',
  HOST: '127.0.0.1',
  PORT: String(config.port),
});

const app = await buildApp({ env });
answerHarness(() => app.close());
await app.listen({ port: config.port, host: '127.0.0.1' });
const members = config.seedMembers > 0 ? await seedMembers(app, config.seedMembers, config.workspaceSize) : [];
const address = app.server.address();
send({ type: 'ready', port: typeof address === 'object' && address ? address.port : config.port, members });
