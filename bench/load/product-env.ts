import path from 'node:path';
import { parseEnv } from '@chat/server/bench-api';
import type { ServerConfig } from './protocol';

/** Where a harness's product child keeps its data and whom it talks to: what it is told of ServerConfig. */
export type ProductPlace = Pick<
  ServerConfig,
  'port' | 'dataDir' | 'databaseUrl' | 'redisUrl' | 'redisKeyPrefix' | 'jwtSecret' | 'durability'
>;

/**
 * The product's configuration in a harness's server child, as an operator's environment would give
 * it: its own data directory (or scratch database and Redis prefix), no demo, loopback only.
 */
export function productEnv(place: ProductPlace, extra: Record<string, string> = {}) {
  return parseEnv({
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl,
    REDIS_URL: place.redisUrl,
    REDIS_KEY_PREFIX: place.redisKeyPrefix,
    JWT_SECRET: place.jwtSecret,
    WEB_ROOT: path.join(place.dataDir!, 'web'),
    ROOT_PASSWORD: 'senha-root-carga',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: String(place.port),
    DB_DURABILITY: place.durability,
    ...extra,
  });
}
