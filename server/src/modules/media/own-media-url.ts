import { type MediaKey, parseMediaKey } from './media-key';

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
