import { sql } from 'drizzle-orm';
import { buildApp, LISTEN_BACKLOG } from '@chat/server/bench-api';
import { productEnv } from '../load/product-env';
import { answerHarness, send, serverConfig } from '../load/stats-reporter';
import type { BigServerConfig, FromBigServer, StorageSizes, ToBigServer } from './protocol';
import { seedTeam } from './seed-team';

// The server child of the big-team harness: the real app (buildApp, as main.ts starts it), seeded
// with the big team before it answers `ready`. Besides the load harness's `stats` (event-loop
// delay since `resetLoop`, measured in this process), it answers `sizes` (the database's, read
// through the app's own connection: PGlite admits no second process) and `upkeep` (PGlite's timed
// maintenance, run now). Run by run.ts, never alone.

const config = serverConfig<BigServerConfig>();
const app = await buildApp({ env: productEnv(config) });
answerHarness(() => app.close());
await app.listen({ port: config.port, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
const seeded = await seedTeam(app, config.shape);

const answer = (message: FromBigServer) => process.send!(message);

async function sizes(): Promise<StorageSizes> {
  const result = await app.ctx.db.execute(sql`
    SELECT c.relname AS name, pg_total_relation_size(c.oid)::bigint AS bytes, pg_database_size(current_database())::bigint AS database
    FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace`);
  const rows = (result as { rows: Array<{ name: string; bytes: string | number; database: string | number }> }).rows;
  return { tables: Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)])), database: Number(rows[0]?.database ?? 0) };
}

process.on('message', (message: ToBigServer) => {
  if (message.type === 'sizes') void sizes().then((s) => answer({ type: 'sizes', sizes: s }));
  if (message.type === 'upkeep') {
    const upkeep = app.ctx.database.upkeep;
    void (upkeep ? upkeep() : Promise.resolve()).then(() => answer({ type: 'upkept', ran: upkeep !== undefined }));
  }
});

const address = app.server.address();
send({ type: 'ready', port: typeof address === 'object' && address ? address.port : config.port, members: [], seeded });
