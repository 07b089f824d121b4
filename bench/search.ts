// Benchmark of the message search (not a test): `npm run bench:search` (`tsx search.ts` in
// bench/). For each engine (PGlite always; PostgreSQL when DATABASE_URL is set) it builds the real
// app on a scratch database, seeds SEARCH_MESSAGES messages of Portuguese-looking text in one
// workspace (half of them in chats the viewer is not in) and prints the server time (app.inject) of
// GET /api/message/search for frequent, rare, two-letter, missing and accented terms: p50, p95,
// max.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MessageSearchPage } from '@chat/contracts';
import { buildApp, parseEnv } from '@chat/server/bench-api';
import { ms, percentile, table, timeEach } from './measure';
import { scratchDatabase } from './scratch-database';
import { SEARCH_MESSAGES, seedSearchBench } from './search-seed';

const ITERATIONS = 10;
const WARMUP = 5;

/** What a user types, and why it is in the list. */
const TERMS: ReadonlyArray<readonly [string, string]> = [
  ['reuniao', 'frequente, sem acento (reunião)'],
  ['PROJETO', 'frequente, maiúsculas'],
  ['orçamento trimestral', 'duas palavras'],
  ['girassol', 'rara (20 mensagens)'],
  ['ok', 'duas letras (início de palavra)'],
  ['qz', 'duas letras, ausente'],
  ['xilofone', 'ausente'],
];

interface Row {
  engine: string;
  term: string;
  why: string;
  hits: number;
  samples: number[];
}

async function runEngine(engine: string, databaseUrl: string | undefined): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-bench-search-'));
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl) : null;
  const env = parseEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url,
    WEB_ROOT: path.join(dataDir, 'web'),
    ROOT_PASSWORD: 'senha-root-bench',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    DB_DURABILITY: 'fast',
  });
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({ env });
    process.stdout.write(`[${engine}] semeando ${SEARCH_MESSAGES.toLocaleString('pt-BR')} mensagens... `);
    const seeded = Date.now();
    const viewer = await seedSearchBench(app);
    // After such a load PostgreSQL's autovacuum gathers planner statistics and empties the trigram
    // index's pending list; PGlite runs none, and the server's own upkeep (db/pglite/upkeep.ts) does both.
    const { upkeep } = app.ctx.database;
    await (upkeep ? upkeep() : app.ctx.db.execute(sql`VACUUM ANALYZE messages`));
    console.log(`${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    const rows: Row[] = [];
    for (const [term, why] of TERMS) {
      const url = `/api/message/search?content=${encodeURIComponent(term)}`;
      let hits = 0;
      const samples = await timeEach(ITERATIONS, WARMUP, async () => {
        const res = await app!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${viewer.token}` } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        hits = res.json<MessageSearchPage>().hits.length;
      });
      rows.push({ engine, term, why, hits, samples });
      // Printed as it goes: on a busy machine a whole run takes minutes.
      console.log(`  ${term}: p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))}`);
    }
    return rows;
  } finally {
    await app?.close().catch(() => undefined);
    await scratch?.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const rows = await runEngine('PGlite', undefined);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl) rows.push(...(await runEngine('PostgreSQL', databaseUrl)));
  else console.log('DATABASE_URL não definida: só PGlite.');
  console.log(
    `\nGET /api/message/search com ${SEARCH_MESSAGES.toLocaleString('pt-BR')} mensagens no workspace (${ITERATIONS} buscas por termo, app.inject):\n`,
  );
  console.log(
    table(
      ['motor', 'termo', 'por quê', 'resultados (página de 20)', 'p50', 'p95', 'máx'],
      rows.map((r) => [
        r.engine,
        r.term,
        r.why,
        String(r.hits),
        ms(percentile(r.samples, 50)),
        ms(percentile(r.samples, 95)),
        ms(Math.max(...r.samples)),
      ]),
    ),
  );
  for (const engine of new Set(rows.map((r) => r.engine))) {
    const all = rows.filter((r) => r.engine === engine).flatMap((r) => r.samples);
    console.log(`${engine}: p95 de todas as buscas ${ms(percentile(all, 95))} (meta: < 50 ms)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
