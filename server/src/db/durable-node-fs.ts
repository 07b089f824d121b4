import { fsyncSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Awaited<ReturnType<NodeFS['init']>>['emscriptenOpts'];
interface NodefsStream {
  nfd: number;
}
interface ModuleWithNodefs {
  NODEFS: { stream_ops: { fsync?: (stream: NodefsStream) => number } };
}

/**
 * PGlite's Node filesystem with a working fsync. Emscripten's NODEFS has no fsync, so PostgreSQL's
 * fsync() calls end as no-ops even without `-F` (measured with strace: 0 fsync syscalls): writes
 * reach the kernel, not the disk. This adds the one missing operation, fsync(2) on the real file
 * descriptor, before PostgreSQL starts. Its fdatasync() stays a no-op in Emscripten, hence
 * wal_sync_method=fsync in the start parameters (see pglite.ts).
 */
export class DurableNodeFS extends NodeFS {
  /** `fsync` is fsync(2) on a file descriptor; tests pass one that also counts. */
  constructor(
    dataDir: string,
    private readonly fsync: (fd: number) => void = fsyncSync,
  ) {
    super(dataDir);
  }

  override async init(pg: PGlite, options: Partial<EmscriptenOptions>): Promise<{ emscriptenOpts: EmscriptenOptions }> {
    const { emscriptenOpts } = await super.init(pg, options);
    const addFsync = (mod: unknown) => {
      (mod as ModuleWithNodefs).NODEFS.stream_ops.fsync = (stream) => {
        this.fsync(stream.nfd);
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), addFsync] } };
  }
}
