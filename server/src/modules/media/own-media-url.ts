import type { Env } from '../../config/env';
import { type MediaKey, parseMediaKey } from './media-key';
import type { MediaStore } from './media-store';

/** Media URLs are absolute on APP_URL's origin: the one address both the browser and the server agree on. */
export function mediaOrigin(appUrl: string): string {
  return new URL(appUrl).origin;
}

/**
 * The key behind a public media URL of this server, or null. Exact text match on
 * "<APP_URL origin>/media/<folder>/<file>": no query string, fragment, credentials, other
 * port/scheme, percent-encoding or dot segments; such variants are refused, not normalised.
 */
export function ownMediaKey(url: string, appUrl: string): MediaKey | null {
  const prefix = `${mediaOrigin(appUrl)}/media/`;
  return url.startsWith(prefix) ? parseMediaKey(url.slice(prefix.length)) : null;
}

/**
 * For message send: true only for a public URL of this server's media store whose file has been
 * uploaded. Async because the store may be remote (S3); pass the app's store (app.ctx.mediaStore).
 */
export async function isOwnMediaUrl(url: string, env: Pick<Env, 'appUrl'>, store: MediaStore): Promise<boolean> {
  const media = ownMediaKey(url, env.appUrl);
  return media !== null && (await store.exists(media.key));
}
