import { cpSync, fsyncSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { pgliteStartParams } from './durability';
import { PGLITE_VERSION_CHECKED, PgliteNodeFS } from './node-fs';

// What DB_DURABILITY=strict promises rests on one mechanism: every commit reaches fsync(2) on the
// WAL before PostgreSQL answers. This proves the calls happen (and that `fast` makes none); it
// cannot prove that the disk honours them through a power cut, which no test here can simulate.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function countFsyncs(durability: 'strict' | 'fast', commits: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-durable-'));
  dirs.push(dir);
  // The suite's migrated template (an initdb costs seconds).
  const template = inject('pgliteTemplate');
  if (template) cpSync(path.join(template, 'pglite'), dir, { recursive: true });
  const synced: string[] = [];
  const fsync = (fd: number) => {
    synced.push(readlinkSync(`/proc/self/fd/${fd}`));
    fsyncSync(fd);
  };
  const pg = await PGlite.create({
    dataDir: dir,
    fs: new PgliteNodeFS(dir, fsync),
    startParams: pgliteStartParams(durability),
  });
  try {
    await pg.exec('CREATE TABLE durability_probe (id serial PRIMARY KEY, body text NOT NULL)');
    synced.length = 0;
    for (let i = 0; i < commits; i++) await pg.query('INSERT INTO durability_probe (body) VALUES ($1)', [`mensagem ${i}`]);
    return synced.filter((file) => file.includes(`${path.sep}pg_wal${path.sep}`)).length;
  } finally {
    await pg.close();
  }
}

describe('PgliteNodeFS with the start parameters of each DB_DURABILITY', () => {
  it('strict: each commit fsyncs the WAL before it is acknowledged', async () => {
    expect(await countFsyncs('strict', 20)).toBeGreaterThanOrEqual(20);
  });

  it('fast: PGlite runs with -F and never fsyncs the WAL', async () => {
    expect(pgliteStartParams('fast')).toContain('-F');
    expect(await countFsyncs('fast', 20)).toBe(0);
  });

  it('strict start parameters: fsync on, WAL flushed with fsync (fdatasync is a no-op under Emscripten), synchronous commits', () => {
    const params = pgliteStartParams('strict');
    expect(params).not.toContain('-F');
    expect(params.join(' ')).toContain('wal_sync_method=fsync');
    expect(params.join(' ')).toContain('synchronous_commit=on');
  });
});

/** The package.json above a resolved entry point of the package (its `exports` do not list package.json). */
function installedVersion(name: string): string {
  let dir = path.dirname(fileURLToPath(import.meta.resolve(name)));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version: string };
      if (pkg.name === name) return pkg.version;
    } catch {
      // no package.json at this level
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json of ${name} not found`);
    dir = parent;
  }
}

describe('the PGlite that PgliteNodeFS patches', () => {
  it('is pinned exactly, to the version the patch was checked against', () => {
    const serverPackage = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(serverPackage.dependencies['@electric-sql/pglite']).toBe(PGLITE_VERSION_CHECKED);
  });

  it('is installed at that version', () => {
    expect(installedVersion('@electric-sql/pglite')).toBe(PGLITE_VERSION_CHECKED);
  });
});
