import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/pglite/open';

// Creating a PGlite data directory takes seconds (initdb), opening a copy a fraction of that: the
// suite creates one migrated template and each test file copies it instead of starting from
// nothing.

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite DATA_DIR for the harness to copy. */
    pgliteTemplate: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-pglite-template-'));
  // Closed cleanly before it is copied, so flushing each commit to the disk would only cost time.
  const database = await openPglite({ dataDir: dir, dataDirLabel: dir, durability: 'fast' });
  await database.close();
  project.provide('pgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
