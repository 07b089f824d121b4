import type { Readable } from 'node:stream';
import type { MediaKey } from './media-key';

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
  /** Releases connections, if the store holds any. */
  close?(): void;
}

/** What a direct upload's signature binds: the object's headers and, when known, its exact length. */
export interface DirectUploadTerms {
  /** The type the browser declared; the object is stored as objectHeaders() makes of it. */
  contentType: string;
  /** The file's size when the browser said it; the store then refuses a body of any other length. */
  size: number | null;
}

export interface DirectUpload {
  /** The presigned PUT URL. */
  url: string;
  /** Headers the PUT must carry as they are: they are part of the signature. */
  headers: Record<string, string>;
}

/** What the store holds under a key, without reading the body. */
export interface StoredObjectInfo {
  size: number;
  contentType: string | null;
  contentDisposition: string | null;
}

/**
 * A store browsers upload to and read from themselves (an S3-compatible bucket): the server
 * signs the PUT and later checks what arrived (direct-upload-check.ts) before a message may use it.
 */
export interface DirectUploadStore extends MediaStore {
  /** Where objects are read: "<base>/<key>" is an object's public URL. No trailing slash. */
  readonly publicBaseUrl: string;
  /** The origins browsers reach for uploads and reads (the CSP's connect-src, img-src, media-src). */
  readonly origins: string[];
  presignUpload(media: MediaKey, terms: DirectUploadTerms): Promise<DirectUpload>;
  /** The object's size and headers, or null when there is none. */
  inspect(key: string): Promise<StoredObjectInfo | null>;
  /** Up to `length` first bytes of the object (fewer when it is shorter). */
  readStart(key: string, length: number): Promise<Buffer>;
}

export const isDirectUploadStore = (store: MediaStore): store is DirectUploadStore => 'presignUpload' in store;
