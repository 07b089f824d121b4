import type { PGlite } from '@electric-sql/pglite';

/**
 * The app's tables that autovacuum would ANALYZE now: never analyzed, or whose file grew by more
 * than a tenth (autovacuum_analyze_scale_factor) since the last ANALYZE recorded its size in
 * relpages. Growth stands in for PostgreSQL's count of changed rows, which single-user PGlite
 * neither keeps up to date nor saves (pg_stat_user_tables stays at 0); with no VACUUM, updated rows
 * grow the file too. regclass::text quotes the name as ANALYZE needs it.
 */
const STALE_TABLES = `
  SELECT c.oid::regclass::text AS name FROM pg_class c
  WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
    AND (c.reltuples < 0 OR pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.1 + 1)`;

/**
 * What PostgreSQL's autovacuum would do: dead row versions of the tables every message and read
 * rewrites (CHURNED_TABLES) made reusable, and for the message search, planner statistics
 * (without them a frequent word read every match: seconds at 100,000 messages), and the trigram
 * index's pending list moved into the index (new rows' trigrams wait there, up to 4 MB, and
 * every search reads all of it).
 *
 * Each statement holds the server's only thread while it runs, so the pass does what
 * autovacuum would and no more: only tables that changed enough (a plain ANALYZE also reads every
 * system catalog, freezing the server for a noticeable time at each pass), one statement per table
 * so that waiting requests run in between. ANALYZE samples at most 30,000 rows a table, and the
 * pending list is cleaned each pass, while it is still short (docs/desempenho.md, Medidas por trás
 * do código).
 */
export async function pgliteUpkeep(client: Pick<PGlite, 'query' | 'exec'>): Promise<void> {
  for (const name of CHURNED_TABLES) await client.exec(`VACUUM ${name}`);
  const { rows } = await client.query<{ name: string }>(STALE_TABLES);
  for (const { name } of rows) await client.exec(`ANALYZE ${name}`);
  await client.query("SELECT gin_clean_pending_list('messages_body_folded_trgm_idx')");
}

/**
 * Small tables whose rows are rewritten all day: the read and delivery watermarks move on every
 * group message and read, and a member's delivery mark is upserted at each connection in its
 * minute. Without VACUUM each update leaves its old row version behind, so the tables (and every read of a membership)
 * grow with the traffic instead of with the members. A plain VACUUM of them is short (they hold
 * a row per membership, or per member per active minute) and makes the dead versions' room
 * reusable, as autovacuum does on PostgreSQL (docs/desempenho.md).
 */
const CHURNED_TABLES = ['group_members', 'group_receipt_marks'] as const;
