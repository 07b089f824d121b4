import { performance } from 'node:perf_hooks';
import { buildApp, LISTEN_BACKLOG } from '@chat/server/bench-api';
import { type HistogramBucket, percentile } from '../measure';
import { productEnv } from './product-env';
import { SENT_AT_HEADER, type ServerConfig, type ToServer } from './protocol';
import { seedMembers } from './seed-members';
import { seedSubscriptions } from './seed-subscriptions';
import { answerHarness, send, serverConfig } from './stats-reporter';

// A server child of the load harness: the real app (buildApp, as main.ts starts it) at the default
// LOG_LEVEL (its stdout goes to /dev/null, the cost of writing it stays), seeded with the harness's members on its first start. Run by run.ts, never alone.

const config = serverConfig<ServerConfig>();
const push = config.push;
// --push: the server posts to the harness's push service (and trusts its certificate), signing with keys the harness knows.
const env = productEnv(
  config,
  push ? { PUSH_ENDPOINT_HOSTS: push.host, VAPID_PUBLIC_KEY: push.vapid.publicKey, VAPID_PRIVATE_KEY: push.vapid.privateKey } : {},
);

const loaded = performance.now();
const app = await buildApp({ env, ...(push ? { push: { ca: push.certificate } } : {}) });
const readWaits = watchReadWaits();
answerHarness(
  () => closeWatched(),
  async () => ({ sendBuckets: await sendBuckets(), readWaitP99Ms: readWaits.length > 0 ? percentile(readWaits, 99) : undefined }),
);
const built = performance.now();
await app.listen({ port: config.port, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
if (config.seedMembers === 0) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.error(
    `  [servidor] partida: processo e módulos ${s(loaded)}, buildApp ${s(built - loaded)}, listen ${s(performance.now() - built)}`,
  );
}
const members = config.seedMembers > 0 ? await seedMembers(app, config.seedMembers, config.workspaceSize) : [];
if (push && members.length > 0) await seedSubscriptions(app, members, push);
const address = app.server.address();
send({ type: 'ready', port: typeof address === 'object' && address ? address.port : config.port, members });

/** The send path's histogram as an operator's Prometheus scrapes it (docs/operacao.md, "Métricas"). */
async function sendBuckets(): Promise<HistogramBucket[]> {
  const { values } = await app.ctx.metrics.sendDuration.get();
  return (
    values
      .filter((v) => v.metricName === 'chat_message_send_duration_seconds_bucket' && v.labels.status === '200')
      // prom-client adds `le` to the labels of each _bucket value; the type knows only `status`.
      .map((v) => ({ le: String((v.labels as { le?: number | string }).le), count: v.value }))
  );
}

/**
 * The read waits of the send requests since the last `resetLoop` (ServerStats.readWaitP99Ms): the
 * client's write time from its header to the moment Node hands this process the request, before
 * Fastify's own clock (the histogram's) starts. One clock: both sides are processes of this machine.
 */
function watchReadWaits(): number[] {
  const waits: number[] = [];
  app.server.prependListener('request', (request) => {
    const sentAt = request.headers[SENT_AT_HEADER];
    if (typeof sentAt === 'string') waits.push(performance.timeOrigin + performance.now() - Number(sentAt));
  });
  process.on('message', (message: ToServer) => {
    if (message.type === 'resetLoop') waits.length = 0;
  });
  return waits;
}

/**
 * app.close(), printing every 2 s what still holds it (open engine.io clients, TCP connections of
 * the HTTP server, upgraded websockets included) and when the HTTP server itself has closed.
 */
async function closeWatched(): Promise<void> {
  const started = performance.now();
  const at = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const report = () =>
    app.server.getConnections((_error, count) =>
      console.error(`  [servidor] close() há ${at()}: ${app.io.engine.clientsCount} clientes engine.io, ${count} conexões TCP`),
    );
  const timer = setInterval(report, 2000);
  app.server.once('close', () => console.error(`  [servidor] servidor HTTP fechado em ${at()}`));
  try {
    await app.close();
  } finally {
    clearInterval(timer);
    console.error(`  [servidor] app.close() em ${at()}`);
  }
}
