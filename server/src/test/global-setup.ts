import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/pglite/open';
import { openPostgres } from '../db/postgres/open';
import { dropScratch, waitForNoConnections, withAdmin } from './scratch-database';

// Creating a PGlite data directory costs seconds (initdb), opening a copy a fraction of that: the
// suite creates one migrated template and each test file copies it instead of starting from
// nothing. On PostgreSQL likewise: one migrated template database, and each test file's database
// is created from it (CREATE DATABASE ... TEMPLATE copies files) instead of migrating an empty one.

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite DATA_DIR for the harness to copy. */
    pgliteTemplate: string | undefined;
    /** With DATABASE_URL: a migrated, empty database for the harness to create its databases from. */
    postgresTemplate: string | undefined;
  }
}

async function createPostgresTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `chat_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const drop = () => withAdmin(adminUrl, (c) => dropScratch(c, name));
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    await database.close();
    // A template cannot be copied while anyone is connected to it: wait for the pool's backends to go.
    if (!(await withAdmin(adminUrl, (c) => waitForNoConnections(c, name)))) throw new Error(`${name}: conexões abertas após a migração`);
  } catch (error) {
    await drop();
    throw error;
  }
  return { name, drop };
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-pglite-template-'));
  // Closed cleanly before it is copied, so flushing each commit to the disk would only cost time.
  const database = await openPglite({ dataDir: dir, dataDirLabel: dir, durability: 'fast' });
  await database.close();
  project.provide('pgliteTemplate', dir);
  const adminUrl = process.env.DATABASE_URL || null;
  const postgres = adminUrl ? await createPostgresTemplate(adminUrl) : null;
  project.provide('postgresTemplate', postgres?.name);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await postgres?.drop();
  };
}
