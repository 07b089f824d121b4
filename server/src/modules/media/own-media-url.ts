import { type MediaKey, parseMediaKey } from './media-key';
import { isDirectUploadStore, type MediaStore } from './media-store';

/** Media URLs are absolute on APP_URL's origin: the one address both the browser and the server agree on. */
export function mediaOrigin(appUrl: string): string {
  return new URL(appUrl).origin;
}

/**
 * The key behind a public media URL of this server, or null. Exact text match on
 * "<APP_URL origin>/media/<folder>/<file>" or, with a bucket, "<its public URL>/<folder>/<file>":
 * no query string, fragment, credentials, other port/scheme, percent-encoding or dot segments;
 * such variants are refused, not normalised. The first form stays valid with a bucket: files
 * stored before the move are served from it through GET /media.
 */
export function ownMediaKey(url: string, appUrl: string, store?: MediaStore): MediaKey | null {
  if (store && isDirectUploadStore(store)) {
    const bucketPrefix = `${store.publicBaseUrl}/`;
    if (url.startsWith(bucketPrefix)) return parseMediaKey(url.slice(bucketPrefix.length));
  }
  const prefix = `${mediaOrigin(appUrl)}/media/`;
  return url.startsWith(prefix) ? parseMediaKey(url.slice(prefix.length)) : null;
}
