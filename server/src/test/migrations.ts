import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrationsFolder } from '../config/paths';
import { pgliteExtensions } from '../db/pglite/open';
import * as schema from '../db/schema';
import type { Db } from '../db/types';
import { createScratchDatabase, testDatabaseUrl } from './harness';

// For the tests of a migration's data step: a database migrated up to the migration before it,
// filled the old way, then migrated the rest of the way. On the suite's engine.

/** A copy of the migrations folder as it stood up to `tag` (the journal cut there); the caller removes it. */
export function migrationsUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-migrations-'));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut < 0) throw new Error(`migração ${tag} não existe`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut + 1) }));
  return dir;
}

export interface MigrationEngine {
  db: Db;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database of the suite's engine (a scratch PostgreSQL database with DATABASE_URL, else in-memory PGlite). */
export async function openMigrationEngine(): Promise<MigrationEngine> {
  const adminUrl = testDatabaseUrl();
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl);
    const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
    const db = drizzlePg({ client: pool, schema });
    return {
      db: db as unknown as Db,
      migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await scratch.drop();
      },
    };
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A workspace and its members written the old way, straight into the tables (no later columns named). */
export async function insertTeam(db: Db, workspaceId: string, people: ReadonlyArray<readonly [id: string, name: string]>): Promise<void> {
  await db.execute(sql`INSERT INTO workspaces (id, name) VALUES (${workspaceId}, 'Migração')`);
  for (const [user, name] of people) {
    await db.execute(sql`INSERT INTO users (id, name, nick_name, email, password_hash, workspace_id)
      VALUES (${user}, ${name}, ${name.toLowerCase()}, ${`${name.toLowerCase()}@migracao.test`}, 'x', ${workspaceId})`);
  }
}
