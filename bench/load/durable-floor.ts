import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type PgliteDurability, pgliteStorage } from '@chat/server/bench-api';

// The durable floor: the bare pipeline plus one INSERT + COMMIT per message on the same
// kind of database as the product (PostgreSQL with fsync on; PGlite as durable as the product,
// strict by default). Nothing of the product's: no schema of its own, no Drizzle, no authentication. The
// product over this floor is its own overhead; the floor over the bare pipeline is the disk's.

export interface FloorStore {
  insert(authorId: string, conversationId: string, body: string, clientId: string): Promise<void>;
  close(): Promise<void>;
}

const TABLE = `CREATE TABLE IF NOT EXISTS floor_messages (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  author_id uuid NOT NULL, conversation_id uuid NOT NULL, body text NOT NULL, client_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now())`;
const INSERT = 'INSERT INTO floor_messages (author_id, conversation_id, body, client_id) VALUES ($1, $2, $3, $4)';

export async function openFloor(where: { databaseUrl: string } | { dataDir: string; durability: PgliteDurability }): Promise<FloorStore> {
  if ('databaseUrl' in where) {
    // The product's pool size (db/postgres/open.ts).
    const pool = new pg.Pool({ connectionString: where.databaseUrl, max: 10 });
    await pool.query(TABLE);
    return {
      insert: async (...values) => void (await pool.query(INSERT, values)),
      close: () => pool.end(),
    };
  }
  const db = await PGlite.create({ dataDir: where.dataDir, ...pgliteStorage(where.dataDir, where.durability) });
  await db.exec(TABLE);
  return {
    insert: async (...values) => void (await db.query(INSERT, values)),
    close: () => db.close(),
  };
}
