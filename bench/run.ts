// Benchmark of chat lists, history pages and delivery (not a test): `npm run bench` (`tsx run.ts`
// in bench/). For each engine (PGlite always; PostgreSQL when DATABASE_URL is set, with
// Redis when REDIS_URL is set) it builds the real app on a scratch database, seeds CONVERSATIONS
// conversations and one of BIG_HISTORY messages, and prints:
//   - server time (median and p90 of app.inject) of the chat list and of the first history page;
//   - send -> receive latency p50/p99: POST /api/message/send over real HTTP on 127.0.0.1 until the
//     other participant's socket.io-client receives `message`;
//   - beside it, a bare socket.io round trip (emit with ack, echoed by the server) in the same run.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { SOCKET_NAMESPACE } from '@chat/contracts';
import { buildApp, parseEnv } from '@chat/server/bench-api';
import { ms, percentile, table, timeEach } from './measure';
import { scratchDatabase } from './scratch-database';
import { BIG_HISTORY, CONVERSATIONS, type BenchData, seedBench } from './seed';

const HTTP_ITERATIONS = 30;
const ALL_ITERATIONS = 5;
const LATENCY_ITERATIONS = 300;
const WARMUP = 5;
const RECEIVE_TIMEOUT_MS = 5000;

interface EngineResult {
  engine: string;
  list: number[];
  firstPage: number[];
  all: number[];
  sendReceive: number[];
  bareRoundTrip: number[];
}

function openSocket(port: number, user: BenchData['peer']): Promise<Socket> {
  const socket = connect(`http://127.0.0.1:${port}${SOCKET_NAMESPACE}`, {
    transports: ['websocket'],
    auth: { token: user.token },
    query: { id: user.id, name: user.name },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function injectTimes(app: FastifyInstance, token: string, url: string, iterations: number) {
  return timeEach(iterations, Math.min(WARMUP, iterations), async () => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  });
}

async function sendReceive(port: number, data: BenchData, receiver: Socket): Promise<number[]> {
  const waiting = new Map<string, () => void>();
  receiver.on('message', (m: { clientId: string | null }) => waiting.get(m.clientId ?? '')?.());
  return timeEach(LATENCY_ITERATIONS, WARMUP, async (i) => {
    const clientId = randomUUID();
    const received = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('mensagem não recebida a tempo')), RECEIVE_TIMEOUT_MS);
      waiting.set(clientId, () => {
        clearTimeout(timer);
        waiting.delete(clientId);
        resolve();
      });
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/message/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.viewer.token}` },
      body: JSON.stringify({
        conversationId: data.bigConversationId,
        isGroup: false,
        content: { type: 'text', body: `latência ${i}` },
        clientId,
      }),
    });
    if (res.status !== 200) throw new Error(`send: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    await received;
  });
}

function bareRoundTrip(socket: Socket): Promise<number[]> {
  return timeEach(LATENCY_ITERATIONS, WARMUP, async (i) => {
    await socket.timeout(RECEIVE_TIMEOUT_MS).emitWithAck('bench:echo', { i, body: 'eco' });
  });
}

async function runEngine(engine: string, databaseUrl: string | undefined, redisUrl: string | undefined): Promise<EngineResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-bench-'));
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl) : null;
  const env = parseEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `chat-bench-${randomBytes(4).toString('hex')}`,
    WEB_ROOT: path.join(dataDir, 'web'),
    ROOT_PASSWORD: 'senha-root-bench',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  let app: FastifyInstance | undefined;
  const sockets: Socket[] = [];
  try {
    app = await buildApp({ env });
    // The bare round trip's echo exists only in this process, never in the product.
    app.io.of(SOCKET_NAMESPACE).on('connection', (socket) => {
      socket.on('bench:echo', (payload: unknown, ack: (reply: unknown) => void) => ack(payload));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;

    process.stdout.write(`[${engine}] semeando ${CONVERSATIONS} conversas e ${BIG_HISTORY} mensagens... `);
    const seeded = Date.now();
    const data = await seedBench(app);
    // A history read in use has planner statistics (PostgreSQL's autovacuum, PGlite's upkeep in
    // db/pglite/upkeep.ts); measured straight after a bulk seed without them, the planner guesses ~60 rows
    // for a 10k-message chat and may sort it whole instead of walking its index.
    await app.ctx.db.execute(sql`ANALYZE`);
    console.log(`${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    const list = await injectTimes(app, data.viewer.token, '/api/conversation/get-conversations?showEmpty=true', HTTP_ITERATIONS);
    const historyUrl = `/api/message/get-messages-by-conversation?conversationId=${data.bigConversationId}`;
    const firstPage = await injectTimes(app, data.viewer.token, historyUrl, HTTP_ITERATIONS);
    const all = await injectTimes(app, data.viewer.token, `${historyUrl}&all=true`, ALL_ITERATIONS);

    const receiver = await openSocket(port, data.peer);
    sockets.push(receiver);
    const sendTimes = await sendReceive(port, data, receiver);
    const echo = await bareRoundTrip(receiver);
    return { engine, list, firstPage, all, sendReceive: sendTimes, bareRoundTrip: echo };
  } finally {
    for (const s of sockets) s.disconnect();
    await app?.close().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const results: EngineResult[] = [await runEngine('PGlite', undefined, undefined)];
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const redisUrl = process.env.REDIS_URL || undefined;
  if (databaseUrl) results.push(await runEngine(redisUrl ? 'PostgreSQL + Redis' : 'PostgreSQL', databaseUrl, redisUrl));
  else console.log('DATABASE_URL não definida: só PGlite.');

  const p = (samples: number[], q: number) => ms(percentile(samples, q));
  console.log(`\nServidor (app.inject; mediana / p90 de ${HTTP_ITERATIONS}, all=true de ${ALL_ITERATIONS}):`);
  console.log(
    table(
      ['motor', `lista de conversas (${CONVERSATIONS})`, '1ª página do histórico (50)', `histórico all=true (${BIG_HISTORY})`],
      results.map((r) => [
        r.engine,
        `${p(r.list, 50)} / ${p(r.list, 90)}`,
        `${p(r.firstPage, 50)} / ${p(r.firstPage, 90)}`,
        `${p(r.all, 50)} / ${p(r.all, 90)}`,
      ]),
    ),
  );
  console.log(`\nSocket (${LATENCY_ITERATIONS} amostras, 127.0.0.1):`);
  console.log(
    table(
      ['motor', 'envio -> recebimento p50', 'p99', 'ida e volta socket.io p50', 'p99'],
      results.map((r) => [r.engine, p(r.sendReceive, 50), p(r.sendReceive, 99), p(r.bareRoundTrip, 50), p(r.bareRoundTrip, 99)]),
    ),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench falhou:', error);
    process.exit(1);
  },
);
