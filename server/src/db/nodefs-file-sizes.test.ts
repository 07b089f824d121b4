import fs, { closeSync, cpSync, ftruncateSync, fstatSync, mkdtempSync, openSync, renameSync, rmSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import fc from 'fast-check';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { cacheFileSizes, type Nodefs, type NodefsStream } from './nodefs-file-sizes';
import { pgliteStartParams } from './pglite';
import { PgliteNodeFS } from './pglite-node-fs';

// A wrong kept size is a corrupt database (PostgreSQL would write a new block over an existing
// one, or read past the end), so every answer given from a kept size is compared with fstat(2).

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'chat-sizes-'));
  dirs.push(dir);
  return dir;
}

const SEEK_END = 2;

/** NODEFS's size operations as Emscripten implements them, on real files. */
interface FileNode {
  path: string;
}
interface Stream extends NodefsStream {
  node: FileNode;
}
function realNodefs(): Nodefs {
  return {
    node_ops: {
      setattr: (node, attr) => attr.size !== undefined && truncateSync((node as FileNode).path, attr.size),
      rename: (node, _dir, name) => {
        const file = node as FileNode;
        const renamed = path.join(path.dirname(file.path), name);
        renameSync(file.path, renamed);
        file.path = renamed;
      },
    },
    stream_ops: {
      open: (stream) => {
        stream.nfd = openSync((stream.node as FileNode).path, 'r+');
      },
      llseek: (stream, offset, whence) => {
        if (whence !== SEEK_END) return offset;
        const position = offset + fstatSync(stream.nfd).size;
        if (position < 0) throw new Error('EINVAL');
        return position;
      },
      write: (stream, buffer, offset, length, position) => writeSync(stream.nfd, buffer, offset, length, position),
      setattr: (stream, attr) => attr.size !== undefined && ftruncateSync(stream.nfd, attr.size),
    },
  };
}

type Step =
  | { op: 'write'; stream: number; position: number; length: number }
  | { op: 'ftruncate'; stream: number; size: number }
  | { op: 'truncate'; node: number; size: number }
  | { op: 'reopen'; stream: number }
  | { op: 'rename'; node: number }
  | { op: 'seekEnd'; stream: number; offset: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('write' as const), stream: fc.nat(2), position: fc.nat(40_000), length: fc.integer({ min: 1, max: 9_000 }) }),
  fc.record({ op: fc.constant('ftruncate' as const), stream: fc.nat(2), size: fc.nat(40_000) }),
  fc.record({ op: fc.constant('truncate' as const), node: fc.nat(1), size: fc.nat(40_000) }),
  fc.record({ op: fc.constant('reopen' as const), stream: fc.nat(2) }),
  fc.record({ op: fc.constant('rename' as const), node: fc.nat(1) }),
  fc.record({ op: fc.constant('seekEnd' as const), stream: fc.nat(2), offset: fc.integer({ min: -50_000, max: 8_192 }) }),
);

describe('cacheFileSizes', () => {
  it('answers SEEK_END as fstat does through any sequence of writes, truncates, opens and renames, two streams sharing one file', () => {
    const dir = tempDir();
    let renames = 0;
    let cachedAnswers = 0;
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 40 }), (steps) => {
        const nodes: FileNode[] = ['a', 'b'].map((name) => {
          const file = path.join(dir, `${name}-${renames++}`);
          writeFileSync(file, Buffer.alloc(8_192 * (name === 'a' ? 2 : 1)));
          return { path: file };
        });
        const nodefs = realNodefs();
        cacheFileSizes(nodefs, () => cachedAnswers++);
        const ops = nodefs.stream_ops;
        // Streams 0 and 1 share file a (one FS node, as Emscripten shares it), stream 2 is on b.
        const streams: Stream[] = [nodes[0]!, nodes[0]!, nodes[1]!].map((node) => {
          const stream = { nfd: -1, node };
          ops.open(stream);
          return stream;
        });
        const data = Buffer.alloc(9_000, 7);
        try {
          for (const step of steps) {
            if (step.op === 'write') ops.write(streams[step.stream]!, data, 0, step.length, step.position);
            else if (step.op === 'ftruncate') ops.setattr(streams[step.stream]!, { size: step.size });
            else if (step.op === 'truncate') nodefs.node_ops.setattr(nodes[step.node]!, { size: step.size });
            else if (step.op === 'reopen') {
              const stream = streams[step.stream]!;
              closeSync(stream.nfd);
              ops.open(stream);
            } else if (step.op === 'rename') nodefs.node_ops.rename(nodes[step.node]!, {}, `moved-${renames++}`);
            for (const stream of streams) {
              const real = fstatSync(stream.nfd).size;
              expect(ops.llseek(stream, 0, SEEK_END)).toBe(real);
              const offset = step.op === 'seekEnd' ? step.offset : -1;
              if (real + offset >= 0) expect(ops.llseek(stream, offset, SEEK_END)).toBe(real + offset);
              else expect(() => ops.llseek(stream, offset, SEEK_END)).toThrow('EINVAL');
            }
          }
        } finally {
          for (const stream of streams) closeSync(stream.nfd);
        }
      }),
      { numRuns: 200 },
    );
    // The sizes were kept, not asked each time (else the comparisons above prove nothing).
    expect(cachedAnswers).toBeGreaterThan(1_000);
  });
});

/** PGlite's NodeFS with cacheFileSizes checked against fstat on every kept answer. */
class CheckedNodeFS extends NodeFS {
  readonly wrong: string[] = [];
  answers = 0;
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    const check = (mod: unknown) =>
      cacheFileSizes((mod as { NODEFS: Nodefs }).NODEFS, (stream, size) => {
        this.answers++;
        const real = fstatSync(stream.nfd).size;
        if (real !== size) this.wrong.push(`fd ${stream.nfd}: ${size} kept, ${real} on disk`);
      });
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), check] } };
  }
}

async function openTemplateCopy(fsFor: (dir: string) => NodeFS): Promise<PGlite> {
  const dir = tempDir();
  // The suite's migrated template (an initdb costs seconds).
  const template = inject('pgliteTemplate');
  if (template) cpSync(path.join(template, 'pglite'), dir, { recursive: true });
  return PGlite.create({ dataDir: dir, fs: fsFor(dir), startParams: pgliteStartParams('fast') });
}

describe('cacheFileSizes under PostgreSQL (PGlite)', () => {
  it('keeps every relation size right while tables grow, shrink, are rewritten and dropped, and the WAL recycles', async () => {
    let checked: CheckedNodeFS | undefined;
    const pg = await openTemplateCopy((dir) => (checked = new CheckedNodeFS(dir)));
    try {
      await pg.exec('CREATE TABLE sizes_probe (id int PRIMARY KEY, body text NOT NULL)');
      const insert = (from: number, to: number) =>
        pg.query("INSERT INTO sizes_probe SELECT g, repeat('x', 200) || g FROM generate_series($1::int, $2::int) g", [from, to]);
      for (let i = 0; i < 20; i++) await insert(i * 1_000 + 1, (i + 1) * 1_000);
      for (let i = 0; i < 200; i++) await pg.query('UPDATE sizes_probe SET body = body || $1 WHERE id = $2', ['!', i * 97 + 1]);
      await pg.exec('DELETE FROM sizes_probe WHERE id > 5000');
      await pg.exec('VACUUM sizes_probe'); // truncates the emptied tail of the heap
      await insert(5_001, 8_000);
      await pg.exec('VACUUM FULL sizes_probe'); // rewrites into new files
      await pg.exec('CHECKPOINT');
      await pg.exec('TRUNCATE sizes_probe');
      await insert(1, 3_000);
      await pg.exec('CHECKPOINT');
      const { rows } = await pg.query<{ n: number; sum: number }>('SELECT count(*)::int AS n, sum(length(body))::int AS sum FROM sizes_probe');
      expect(rows[0]).toEqual({ n: 3_000, sum: 3_000 * 200 + [...Array(3_000).keys()].reduce((s, i) => s + String(i + 1).length, 0) });
      await pg.exec('DROP TABLE sizes_probe');
    } finally {
      await pg.close();
    }
    expect(checked!.wrong).toEqual([]);
    expect(checked!.answers).toBeGreaterThan(1_000);
  });

  it('PgliteNodeFS installs it: planning 100 queries asks fstat for the sizes of their heap and index once, not 200 times', async () => {
    const fstats = async (fsFor: (dir: string) => NodeFS) => {
      const pg = await openTemplateCopy(fsFor);
      try {
        await pg.exec("CREATE TABLE sizes_probe (id serial PRIMARY KEY, body text NOT NULL); INSERT INTO sizes_probe (body) SELECT 'mensagem' FROM generate_series(1, 100)");
        // PGlite's NODEFS reads node:fs through its ES module exports, which follow the CommonJS
        // object only when synced.
        const spy = vi.spyOn(fs, 'fstatSync');
        syncBuiltinESMExports();
        try {
          // Planning measures each relation of a query (heap and index): a lseek(SEEK_END) each.
          for (let i = 0; i < 100; i++) await pg.query('SELECT body FROM sizes_probe WHERE id = $1', [i]);
          return spy.mock.calls.length;
        } finally {
          spy.mockRestore();
          syncBuiltinESMExports();
        }
      } finally {
        await pg.close();
      }
    };
    const plain = await fstats((dir) => new NodeFS(dir));
    const kept = await fstats((dir) => new PgliteNodeFS(dir, null));
    expect(plain).toBeGreaterThanOrEqual(200);
    expect(kept).toBeLessThan(plain / 10);
  });
});
