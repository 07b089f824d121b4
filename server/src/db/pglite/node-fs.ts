import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The one PGlite version this adapter was checked against. server/package.json pins exactly this
 * version, and node-fs.test.ts fails when the pin or the installed package differ from it or when
 * the file system no longer has the shape patched here: an upgrade is then a deliberate change,
 * rechecked, never a silent loss of durability.
 */
export const PGLITE_VERSION_CHECKED = '0.5.16';

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];

/** The part of Emscripten's NODEFS patched here: its stream operations, which lack fsync. */
interface NodefsModule {
  NODEFS?: { stream_ops?: { fsync?: unknown } };
}

/**
 * PGlite's Node file system with a working fsync, the one change that correctness needs (DB_DURABILITY=strict).
 * Emscripten's NODEFS has no fsync, so PostgreSQL's fsync() calls end as no-ops even without
 * `-F`: writes reach the kernel, not the disk. This adds the missing operation, fsync(2) on the
 * real file descriptor. Emscripten's fdatasync stays a no-op, hence wal_sync_method=fsync in the
 * start parameters (durability.ts).
 *
 * The patch refuses to start when NODEFS is not the shape it expects (no stream operations, or an
 * fsync of its own already there): better no database than one that only seems durable.
 */
export class PgliteNodeFS extends NodeFS {
  /** `fsync` is fsync(2) on a file descriptor (tests pass one that also counts); null leaves NODEFS's no-op. */
  constructor(
    dataDir: string,
    private readonly fsync: ((fd: number) => void) | null = fsyncSync,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, options: Partial<EmscriptenOptions>): Promise<{ emscriptenOpts: EmscriptenOptions }> {
    const { emscriptenOpts } = await super.init(pg, options);
    const fsync = this.fsync;
    if (!fsync) return { emscriptenOpts };
    const addFsync = (mod: unknown) => {
      const streamOps = (mod as NodefsModule).NODEFS?.stream_ops;
      if (!streamOps || typeof streamOps !== 'object' || streamOps.fsync !== undefined) {
        throw new Error(
          `PgliteNodeFS: o NODEFS do PGlite mudou de forma (verificado com ${PGLITE_VERSION_CHECKED}); o fsync não seria real`,
        );
      }
      streamOps.fsync = (stream: { nfd: number }) => {
        fsync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}
