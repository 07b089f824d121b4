import type { Readable } from 'node:stream';

// Where uploaded files live. The local disk serves one process (or several on one shared disk);
// an S3-compatible implementation of the same interface serves several machines. Keys are already
// validated ("<folder>/<file>", see media-key.ts): a store never sees user-controlled paths.

export interface PutLimits {
  /** The store refuses (fileTooLarge, 413) as soon as more than this many bytes have arrived. */
  maxBytes: number;
}

export interface StoredMedia {
  stream: Readable;
  size: number;
}

export interface MediaStore {
  /**
   * Stores `source` under `key`, all or nothing: on any failure (too large, source error, key taken)
   * no object is left behind. Throws uploadUrlUsed (409) when `key` already exists, even when two
   * uploads race for it.
   */
  put(source: Readable, key: string, limits: PutLimits): Promise<{ size: number }>;
  /** The stored object, or null when there is none. */
  get(key: string): Promise<StoredMedia | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; nothing happens when there is none (a retried delete is not an error). */
  delete(key: string): Promise<void>;
}
