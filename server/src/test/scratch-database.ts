import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Scratch PostgreSQL databases next to the one DATABASE_URL names: one per test file, and the
// suite's migrated template they are copied from.

export async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** How long a drop waits for connections that are closing before it terminates what is left. */
const CLOSING_WAIT_MS = 2000;

/** Waits, up to CLOSING_WAIT_MS, until no session is connected to the database; whether none is. */
export async function waitForNoConnections(client: pg.Client, name: string): Promise<boolean> {
  for (let waited = 0; waited < CLOSING_WAIT_MS; waited += 20) {
    const { rows } = await client.query<{ open: number }>('SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0]!.open === 0) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

/**
 * Drops a scratch database. A pool's end() resolves once its clients are asked to close, before
 * their backends are gone: terminated by FORCE in that moment, a closing client reads the FATAL
 * "terminating connection due to administrator command" with nobody left to hear it, an uncaught
 * error that fails the run. So the drop waits for
 * the database's connections to go on their own, and FORCE only ends what a test left open.
 */
export async function dropScratch(client: pg.Client, name: string): Promise<void> {
  await waitForNoConnections(client, name);
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/**
 * Creates a database next to the one DATABASE_URL names, empty or as a copy of `template`;
 * returns its URL and its dropper.
 */
export async function createScratchDatabase(adminUrl: string, template?: string) {
  const name = `chat_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin(adminUrl, (c) => dropScratch(c, name)),
  };
}
