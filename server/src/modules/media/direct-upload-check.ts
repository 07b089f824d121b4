import { hasSignature, SIGNATURE_BYTES } from './file-signature';
import type { MediaKey } from './media-key';
import type { DirectUploadStore } from './media-store';
import { objectHeaders } from './s3/object-headers';

// What arrived in the bucket through a presigned PUT, checked before a message or an avatar may
// use it: the checks the server makes on a body it receives itself (media-files.routes.ts). The
// signature already binds the headers and the declared length, but not every S3-compatible store
// verifies every signed header, nor honours If-None-Match: here nothing is taken on trust.
// - a HEAD: the object exists, within the folder's limit, of the declared length (when one was
//   declared), stored with the headers objectHeaders() gives its key (so an image is served as
//   that image type, never SVG or HTML, and every other file as an attachment of a type no
//   browser renders);
// - a ranged GET of its first bytes: the signature of the type the URL was signed for.
// It runs once per upload, at its first use; the outcome is kept in media_uploads (pending is
// cleared), so later messages showing the same file pay only the HEAD the local store's exists()
// costs too.

export interface DirectUploadTerms {
  /** The type the upload URL was signed for. */
  contentType: string;
  /** Declared with the upload URL; 0 when the browser did not say. */
  declaredSize: number;
  maxBytes: number;
}

export type DirectUploadVerdict = { kind: 'missing' } | { kind: 'refused'; reason: string } | { kind: 'fits'; size: number };

export async function inspectDirectUpload(
  store: DirectUploadStore,
  media: MediaKey,
  terms: DirectUploadTerms,
): Promise<DirectUploadVerdict> {
  const info = await store.inspect(media.key);
  if (!info) return { kind: 'missing' };
  const expected = objectHeaders(media);
  if (info.contentType !== expected.contentType || info.contentDisposition !== expected.contentDisposition) {
    return { kind: 'refused', reason: 'cabeçalhos diferentes dos assinados' };
  }
  if (info.size > terms.maxBytes) return { kind: 'refused', reason: 'maior que o limite' };
  if (terms.declaredSize > 0 && info.size !== terms.declaredSize) return { kind: 'refused', reason: 'tamanho diferente do declarado' };
  // An empty object has no first bytes to read (and some stores mishandle a range on it).
  const head = info.size === 0 ? Buffer.alloc(0) : await store.readStart(media.key, SIGNATURE_BYTES);
  if (!hasSignature(head, terms.contentType)) return { kind: 'refused', reason: 'conteúdo não é do tipo declarado' };
  return { kind: 'fits', size: info.size };
}
