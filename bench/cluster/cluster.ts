import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startPrivatePostgres } from '../drill/private-postgres';
import { startPrivateRedis } from '../drill/private-redis';
import { ProductProcess } from '../drill/product-process';
import { type Balancer, startBalancer } from './balancer';
import { type Store, startStore } from './store';
import { BACK_NETWORK, buildTopology, reaches, type Topology } from './topology';

// The drill's deployment, host by host as docs/operacao.md describes it: PostgreSQL and Redis on
// their hosts, an S3-compatible store on its own, one product process (server/dist/main.js) on
// each application host with the environment the guide gives (the bucket's S3_* included), and
// HAProxy on the guide's configuration in front.

const APP_PORT = 3000;
const POSTGRES_PORT = 5432;
const REDIS_PORT = 6379;
/** What the guide sets behind its HAProxy checks (inter 1s, fall 3): the balancer has it down before it stops listening. */
export const DRAIN_MS = 4000;
export const ROOT_PASSWORD = 'senha-root-cluster';

export interface Cluster {
  topology: Topology;
  balancer: Balancer;
  apps: [ProductProcess, ProductProcess];
  store: Store;
  databaseUrl: string;
  jwtSecret: string;
  metricsToken: string;
}

/** The Prometheus text of one host's /api/metrics, read from the monitoring leg with the token. */
export async function metric(app: ProductProcess, token: string, name: string): Promise<number> {
  const res = await fetch(`${app.url}/api/metrics`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(3000) });
  const line = (await res.text()).split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : Number.NaN;
}

/** CPU seconds (user + system) a process has used, from /proc (the hosts share this machine's kernel). */
export function cpuSeconds(pid: number | null): number {
  if (pid === null) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export async function deployCluster(root: string): Promise<Cluster> {
  const topology = await buildTopology();
  const { app, db, redis, lb, clients, store: storeHost } = topology;
  console.log(
    `  hosts: app1 ${app[0].address}, app2 ${app[1].address}, PostgreSQL ${db.address}, Redis ${redis.address}, S3 ${storeHost.address}, HAProxy ${lb.address} / ${lb.publicAddress}, clientes ${clients.address}`,
  );
  const postgres = await startPrivatePostgres({ netns: db.netns, host: db.address, port: POSTGRES_PORT, trustedNetwork: BACK_NETWORK });
  const databaseUrl = await postgres.createDatabase('papo');
  const redisServer = await startPrivateRedis({ netns: redis.netns, host: redis.address, port: REDIS_PORT });
  const store = await startStore(storeHost, root);
  const jwtSecret = randomBytes(32).toString('hex');
  const metricsToken = randomBytes(16).toString('hex');
  const publicUrl = `http://${lb.publicAddress}`;
  const apps = app.map(
    (host) =>
      new ProductProcess(
        host.name,
        APP_PORT,
        {
          DATABASE_URL: databaseUrl,
          REDIS_URL: redisServer.url,
          ...store.env,
          JWT_SECRET: jwtSecret,
          APP_URL: publicUrl,
          TRUST_PROXY: lb.address,
          METRICS_TOKEN: metricsToken,
          SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
          DATA_DIR: path.join(root, host.name),
          ROOT_PASSWORD,
          SEED_DEMO: 'false',
          LOG_LEVEL: 'warn',
        },
        { netns: host.netns, host: host.address },
      ),
  ) as [ProductProcess, ProductProcess];
  // Both at once, as a deploy starts them: the advisory lock lets one migrate, the other waits.
  const started = performance.now();
  await Promise.all(apps.map((a) => a.start()));
  console.log(`  app1 e app2 partiram juntos num banco vazio em ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const balancer = await startBalancer({
    netns: lb.netns,
    bind: `${lb.publicAddress}:80`,
    servers: [`${app[0].address}:${APP_PORT}`, `${app[1].address}:${APP_PORT}`],
    socketPath: path.join(root, 'haproxy.sock'),
    publicUrl,
  });
  await Promise.all(['app1', 'app2'].map((name) => balancer.waitStatus(name, 'UP')));
  // The clients reach the balancer and nothing behind it.
  const toBalancer = await reaches(clients.netns, lb.publicAddress, 80);
  const toApp = await reaches(clients.netns, app[0].address, APP_PORT);
  const toDb = await reaches(clients.netns, db.address, POSTGRES_PORT);
  // The bucket, as on the internet: from the clients (the browser's PUT and reads) and from the app hosts.
  const storePort = Number(new URL(store.endpoint).port);
  const toStore = await reaches(clients.netns, storeHost.address, storePort);
  const appToStore = await reaches(app[1].netns, storeHost.address, storePort);
  const yes = (ok: boolean) => (ok ? 'alcançável' : 'INALCANÇÁVEL');
  const no = (reached: boolean) => (reached ? 'ALCANÇÁVEL' : 'inalcançável');
  console.log(
    `  dos clientes: balanceador ${yes(toBalancer)}, S3 ${yes(toStore)}, app1 ${no(toApp)}, PostgreSQL ${no(toDb)}; de app2: S3 ${yes(appToStore)}`,
  );
  if (!toBalancer || !toStore || !appToStore || toApp || toDb) throw new Error('a rede não está montada como deveria (ver a linha acima)');
  return { topology, balancer, apps, store, databaseUrl, jwtSecret, metricsToken };
}
