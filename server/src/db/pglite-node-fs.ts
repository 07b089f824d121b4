import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { cacheFileSizes, type Nodefs, type NodefsStream } from './nodefs-file-sizes';

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];
interface ModuleWithNodefs {
  NODEFS: Nodefs & { stream_ops: { fsync?: (stream: NodefsStream) => number } };
}

/**
 * PGlite's Node filesystem, changed before PostgreSQL starts:
 * - with `fsync` (DB_DURABILITY=strict), a working fsync. Emscripten's NODEFS has no fsync, so
 *   PostgreSQL's fsync() calls end as no-ops even without `-F` (measured with strace: 0 fsync
 *   syscalls): writes reach the kernel, not the disk. This adds the one missing operation, fsync(2)
 *   on the real file descriptor. Its fdatasync() stays a no-op in Emscripten, hence
 *   wal_sync_method=fsync in the start parameters (see pglite.ts);
 * - file sizes kept instead of an fstat(2) per lseek(SEEK_END) (nodefs-file-sizes.ts).
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
    const change = (mod: unknown) => {
      const { NODEFS } = mod as ModuleWithNodefs;
      const fsync = this.fsync;
      if (fsync)
        NODEFS.stream_ops.fsync = (stream) => {
          fsync(stream.nfd);
          return 0;
        };
      cacheFileSizes(NODEFS);
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), change] } };
  }
}
