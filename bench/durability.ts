// Benchmark of DB_DURABILITY (not a test): `npm run bench:durability` in bench/.
// What does flushing every acknowledged write to the disk cost on the send path? Two apps on
// embedded PGlite, DB_DURABILITY=fast (PGlite's `-F`: fsync off) and strict (the default: WAL
// fsynced on each commit), each in its own temporary DATA_DIR on the same disk, take turns sending
// batches of messages through app.inject (POST /api/message/send, the whole route: validation,
// insert, emit). Prints per-send medians and p90 of each and the ratios strict/fast, measured in
// the same run; absolute figures depend on the machine and its disk.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { signinResponseSchema } from '@chat/contracts';
import { buildApp, parseEnv } from '@chat/server/bench-api';
import { ms, percentile, table, timeEach } from './measure';

const ROUNDS = 10;
const PER_ROUND = 30;
const WARMUP = 10;
const DEMO_PASSWORD = 'senha-demo-bench';
const MODES = ['fast', 'strict'] as const;
type Mode = (typeof MODES)[number];

interface Sender {
  app: FastifyInstance;
  send: (i: number) => Promise<void>;
  close: () => Promise<void>;
}

async function openSender(mode: Mode): Promise<Sender> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `chat-bench-${mode}-`));
  const env = parseEnv({
    DATA_DIR: dataDir,
    DB_DURABILITY: mode,
    WEB_ROOT: path.join(dataDir, 'web'),
    ROOT_PASSWORD: 'senha-root-bench',
    DEMO_PASSWORD,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ env });
  const signin = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { identifier: 'ana', password: DEMO_PASSWORD } });
  const token = signinResponseSchema.parse(signin.json()).accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const list = await app.inject({ method: 'GET', url: '/api/conversation/get-conversations', headers });
  const conversationId = list.json<Array<{ id: string }>>()[0]!.id;
  return {
    app,
    async send(i) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/message/send',
        headers,
        payload: { conversationId, isGroup: false, content: { type: 'text', body: `durabilidade ${i}` }, clientId: randomUUID() },
      });
      if (res.statusCode !== 200) throw new Error(`send (${mode}): ${res.statusCode} ${res.body}`);
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const senders = { fast: await openSender('fast'), strict: await openSender('strict') };
  const samples: Record<Mode, number[]> = { fast: [], strict: [] };
  try {
    for (const mode of MODES) await timeEach(0, WARMUP, senders[mode].send);
    // Alternating rounds, so a machine busy with something else weighs on both alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of round % 2 ? [...MODES].reverse() : MODES) {
        samples[mode].push(...(await timeEach(PER_ROUND, 0, senders[mode].send)));
      }
    }
  } finally {
    await senders.fast.close();
    await senders.strict.close();
  }
  const ratio = (q: number) => (percentile(samples.strict, q) / percentile(samples.fast, q)).toFixed(2);
  console.log(`\nPOST /api/message/send no PGlite (${ROUNDS * PER_ROUND} envios por modo, app.inject):`);
  console.log(
    table(
      ['DB_DURABILITY', 'mediana', 'p90', 'p99'],
      MODES.map((mode) => [mode, ms(percentile(samples[mode], 50)), ms(percentile(samples[mode], 90)), ms(percentile(samples[mode], 99))]),
    ),
  );
  console.log(`\nstrict / fast: mediana ${ratio(50)}x, p90 ${ratio(90)}x, p99 ${ratio(99)}x`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench falhou:', error);
    process.exit(1);
  },
);
