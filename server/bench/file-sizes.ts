// Benchmark (not a test): `npm run bench:file-sizes` in server/. What PGlite spends on
// lseek(SEEK_END): the same planned query (a table and two indexes, as the history and list reads
// are) on two copies of one data directory, one under PGlite's own NodeFS (an fstat(2) per
// SEEK_END) and one under PgliteNodeFS (sizes kept, src/db/nodefs-file-sizes.ts), rounds
// alternated in one process. Prints CPU and wall time per query and the ratio.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { pgliteStartParams } from '../src/db/pglite';
import { PgliteNodeFS } from '../src/db/pglite-node-fs';
import { alternatedRounds, median, ratioOfRounds, table } from './measure';

const QUERIES_PER_ROUND = 2_000;
const ROUNDS = 7;
const QUERY = 'SELECT id, body FROM sizes_bench WHERE chat = $1 AND id < $2 ORDER BY id DESC LIMIT 50';

const root = mkdtempSync(path.join(os.tmpdir(), 'chat-bench-sizes-'));
try {
  const template = path.join(root, 'template');
  const seed = await PGlite.create({ dataDir: template, startParams: pgliteStartParams('fast') });
  await seed.exec(`
    CREATE TABLE sizes_bench (id serial PRIMARY KEY, chat int NOT NULL, body text NOT NULL);
    CREATE INDEX ON sizes_bench (chat, id);
    INSERT INTO sizes_bench (chat, body) SELECT g % 500, 'mensagem ' || g FROM generate_series(1, 50000) g;
    CHECKPOINT;`);
  await seed.close();

  const open = async (name: string, fs: (dir: string) => NodeFS) => {
    const dir = path.join(root, name);
    cpSync(template, dir, { recursive: true });
    return PGlite.create({ dataDir: dir, fs: fs(dir), startParams: pgliteStartParams('fast') });
  };
  const variants = {
    fstat: await open('fstat', (dir) => new NodeFS(dir)),
    kept: await open('kept', (dir) => new PgliteNodeFS(dir, null)),
  };
  // Unnamed statements, as most reads on a fresh connection: each is planned, measuring the table and its indexes.
  const { cpu, wall } = await alternatedRounds(['fstat', 'kept'] as const, ROUNDS, QUERIES_PER_ROUND, (name, i) => variants[name].query(QUERY, [i % 500, 40_000]));
  await Promise.all(Object.values(variants).map((pg) => pg.close()));
  console.log(`Uma consulta planejada (tabela + 2 índices), ${QUERIES_PER_ROUND} por rodada, ${ROUNDS - 1} rodadas alternadas (a primeira aquece):`);
  console.log(
    table(
      ['CPU/consulta, fstat a cada SEEK_END', 'CPU/consulta, tamanhos guardados', 'razão (mediana [mín-máx])', 'tempo/consulta fstat / guardados'],
      [
        [
          `${median(cpu.fstat).toFixed(3)} ms`,
          `${median(cpu.kept).toFixed(3)} ms`,
          ratioOfRounds(cpu.fstat, cpu.kept),
          `${median(wall.fstat).toFixed(3)} / ${median(wall.kept).toFixed(3)} ms`,
        ],
      ],
    ),
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
