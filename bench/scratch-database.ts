import { randomBytes } from 'node:crypto';
import pg from 'pg';

// A bench run's own PostgreSQL database next to the one the admin URL names, dropped afterwards.

async function withAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function scratchDatabase(adminUrl: string) {
  const name = `chat_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
