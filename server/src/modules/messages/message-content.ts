import type { MessageContentInput } from '@chat/contracts';
import { badRequest } from '../../lib/errors';

export const IMAGE_NOT_FROM_MEDIA_STORE = 'A imagem deve ser enviada pelo upload do chat';

/**
 * The one place that decides which image URLs a message may carry: only this server's own media
 * store (`<APP_URL>/media/...`), so a message can never make every reader's browser fetch a
 * third-party URL. Issue 6 adds the store itself (and may check that the file exists).
 */
export function isOwnMediaUrl(body: string, appUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(body);
  } catch {
    return false;
  }
  const own = new URL(appUrl);
  // pathname is normalised by URL, so /media/../x arrives here as /x and is refused.
  return url.origin === own.origin && url.pathname.startsWith('/media/') && !url.search && !url.hash && !url.username;
}

/** Throws a 400 for content the server will not store; text is already trimmed by the contracts. */
export function assertStorableContent(content: MessageContentInput, appUrl: string): void {
  if (content.type === 'image' && !isOwnMediaUrl(content.body, appUrl)) throw badRequest(IMAGE_NOT_FROM_MEDIA_STORE);
}
