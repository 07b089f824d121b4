/**
 * The operations of Emscripten's NODEFS (PGlite's Node filesystem) that read or change a file's size.
 * Typed as function properties, not methods: the originals are taken off their object, kept, and
 * called back with `.call`.
 */
export interface Nodefs {
  node_ops: {
    setattr: (node: object, attr: { size?: number }) => void;
    rename: (node: object, newDir: object, newName: string) => void;
  };
  stream_ops: {
    open: (stream: NodefsStream) => void;
    llseek: (stream: NodefsStream, offset: number, whence: number) => number;
    write: (stream: NodefsStream, buffer: Int8Array | Uint8Array, offset: number, length: number, position: number, canOwn?: boolean) => number;
    setattr: (stream: NodefsStream, attr: { size?: number }) => void;
  };
}
export interface NodefsStream {
  nfd: number;
  /** The FS node of the file: one per path while it exists, shared by every stream open on it. */
  node: object;
}

const SEEK_END = 2;

/**
 * Answers lseek(SEEK_END) from a size kept per file instead of an fstat(2) each time (issue 14).
 * PostgreSQL measures a relation with lseek(fd, 0, SEEK_END) whenever it plans or scans it or
 * extends it, and NODEFS answers each with fs.fstatSync: 13% of the server's CPU in a PGlite
 * restart with 10,000 members. The first SEEK_END of a file still asks the disk; after that the
 * size follows the only operations that change it here: writes through NODEFS (the data
 * directory is locked to this process, see data-dir-lock.ts) raise it to their end, and a
 * truncate, an open or a rename forgets it, so the next SEEK_END asks again.
 *
 * `onCachedSize` sees every answer given from the kept size (tests compare it with fstat).
 */
export function cacheFileSizes(nodefs: Nodefs, onCachedSize?: (stream: NodefsStream, size: number) => void): void {
  const sizes = new WeakMap<object, number>();
  const streamOps = nodefs.stream_ops;
  const nodeOps = nodefs.node_ops;
  const { open, llseek, write, setattr } = streamOps;
  const { setattr: setNodeAttr, rename } = nodeOps;

  streamOps.llseek = (stream, offset, whence) => {
    if (whence !== SEEK_END) return llseek.call(streamOps, stream, offset, whence);
    let size = sizes.get(stream.node);
    if (size === undefined) {
      size = llseek.call(streamOps, stream, 0, SEEK_END);
      sizes.set(stream.node, size);
    } else onCachedSize?.(stream, size);
    // A negative result is NODEFS's error (EINVAL) to raise.
    return offset + size >= 0 ? offset + size : llseek.call(streamOps, stream, offset, whence);
  };
  streamOps.write = (stream, buffer, offset, length, position, canOwn) => {
    const written = write.call(streamOps, stream, buffer, offset, length, position, canOwn);
    const size = sizes.get(stream.node);
    if (size !== undefined) sizes.set(stream.node, Math.max(size, position + written));
    return written;
  };
  streamOps.setattr = (stream, attr) => {
    sizes.delete(stream.node);
    setattr.call(streamOps, stream, attr);
  };
  streamOps.open = (stream) => {
    sizes.delete(stream.node);
    open.call(streamOps, stream);
  };
  nodeOps.setattr = (node, attr) => {
    sizes.delete(node);
    setNodeAttr.call(nodeOps, node, attr);
  };
  nodeOps.rename = (node, newDir, newName) => {
    sizes.delete(node);
    rename.call(nodeOps, node, newDir, newName);
  };
}
