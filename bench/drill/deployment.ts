import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { freePort } from '@chat/server/bench-api';
import type { Deployment } from './faults';
import { startFailoverProxy } from './failover-proxy';
import { Member } from './member';
import type { PrivatePostgres } from './private-postgres';
import type { PrivateRedis } from './private-redis';
import { ProductProcess } from './product-process';
import { createTeam, ROOT_EMAIL, ROOT_PASSWORD } from './team';

// One run's deployment: a fresh database on the private PostgreSQL, two product processes on it
// and on the private Redis (own DATA_DIRs, one JWT secret, one key prefix), a failover proxy in
// front of each, and the members, half reaching each process first, every pair split across them.

export interface RunDeployment extends Deployment {
  databaseUrl: string;
  members: Member[];
  close(): Promise<void>;
}

export async function deploy(
  run: number,
  root: string,
  postgres: PrivatePostgres,
  redis: PrivateRedis,
  memberCount: number,
): Promise<RunDeployment> {
  const databaseUrl = await postgres.createDatabase(`exercicio_${run}`);
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_KEY_PREFIX: `exercicio-${run}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ROOT_EMAIL,
    ROOT_PASSWORD,
    SEED_DEMO: 'false',
    // Warnings and errors only: request lines would cost the shared cores more than they tell.
    LOG_LEVEL: 'warn',
  };
  const processes: ProductProcess[] = [];
  for (const name of ['A', 'B']) {
    const port = await freePort();
    const dataDir = path.join(root, `execucao-${run}`, name);
    processes.push(new ProductProcess(name, port, { ...shared, DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${port}` }));
  }
  // One after the other: the first start migrates the database and creates ROOT.
  for (const process of processes) await process.start();
  const [a, b] = processes as [ProductProcess, ProductProcess];
  const proxies = [await startFailoverProxy([a.port, b.port]), await startFailoverProxy([b.port, a.port])];
  const accounts = await createTeam(a.url, path.join(root, `execucao-${run}`, 'A'), memberCount);
  const members = accounts.map((account) => new Member(account, account.index % 2, proxies[account.index % 2]!.url));
  await Promise.all(members.map((member) => member.connect()));
  return {
    postgres,
    redis,
    processes,
    databaseUrl,
    members,
    async close() {
      for (const member of members) member.close();
      for (const proxy of proxies) await proxy.close();
      for (const process of processes) await process.kill();
    },
  };
}
