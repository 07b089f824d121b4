// Benchmark (not a test): `npm run bench:page-mapping` in server/. The CPU of reading a
// history page of 101 whole messages (authors, quotes, reactions), its rows mapped by drizzle
// itself and by rowsMappedOnce (src/db/rows-mapped-once.ts), alternated in one process on the same
// prepared statement text: PGlite always, PostgreSQL too when DATABASE_URL is set. Prints CPU and
// wall time per page and the ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq, sql } from 'drizzle-orm';
import { createDb } from '../src/db/client';
import { rowsMappedOnce } from '../src/db/rows-mapped-once';
import { conversations, messageColumns, messages, users, workspaces } from '../src/db/schema';
import { wholeMessages } from '../src/modules/messages/messages.repository';
import { alternatedRounds, median, ratioOfRounds, table } from './measure';
import { scratchDatabase } from './scratch-database';

const PAGE = 101;
const PAGES_PER_ROUND = 300;
const ROUNDS = 6;

async function runEngine(engine: string, databaseUrl: string | undefined): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-bench-page-'));
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl) : null;
  const database = await createDb({ databaseUrl: scratch?.url ?? null, dataDir, dataDirLabel: dataDir, dbDurability: 'fast' });
  try {
    const { db } = database;
    const [space] = await db.insert(workspaces).values({ name: 'Páginas' }).returning();
    const [ana, bruno] = await db
      .insert(users)
      .values(['ana', 'bruno'].map((nick) => ({ name: nick, nickName: `${nick}pagina`, email: `${nick}@pagina.local`, passwordHash: '-', workspaceId: space!.id })))
      .returning();
    const [chat] = await db.insert(conversations).values({ userOneId: ana!.id, userTwoId: bruno!.id }).returning();
    const stored = await db
      .insert(messages)
      .values(Array.from({ length: 150 }, (_, i) => ({ conversationId: chat!.id, authorId: i % 2 ? ana!.id : bruno!.id, body: `mensagem ${i} da página de teste` })))
      .returning();
    await db.update(messages).set({ replyToId: stored[100]!.id }).where(eq(messages.id, stored[140]!.id));

    const page = (name: string) =>
      wholeMessages(
        db,
        db.select(messageColumns).from(messages).where(eq(messages.conversationId, sql.placeholder('chatId'))).orderBy(desc(messages.seq)).limit(PAGE),
        'desc',
      ).prepare(name);
    const variants = { drizzle: page('bench_page_drizzle'), once: rowsMappedOnce(page('bench_page_once')) };
    const { cpu, wall } = await alternatedRounds(['drizzle', 'once'] as const, ROUNDS, PAGES_PER_ROUND, (name) => variants[name].execute({ chatId: chat!.id }));
    return [
      engine,
      `${median(cpu.drizzle).toFixed(3)} ms`,
      `${median(cpu.once).toFixed(3)} ms`,
      ratioOfRounds(cpu.drizzle, cpu.once),
      `${median(wall.drizzle).toFixed(3)} / ${median(wall.once).toFixed(3)} ms`,
    ];
  } finally {
    await database.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [await runEngine('PGlite', undefined)];
if (process.env.DATABASE_URL) rows.push(await runEngine('PostgreSQL', process.env.DATABASE_URL));
else console.log('DATABASE_URL não definida: só PGlite.');
console.log(`Página de ${PAGE} mensagens inteiras, ${PAGES_PER_ROUND} leituras por rodada, ${ROUNDS - 1} rodadas alternadas (a primeira aquece):`);
console.log(table(['motor', 'CPU/página, drizzle', 'CPU/página, rowsMappedOnce', 'razão (mediana [mín-máx])', 'tempo/página drizzle / rowsMappedOnce'], rows));
