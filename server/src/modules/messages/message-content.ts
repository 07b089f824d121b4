import type { MessageContentInput } from '@chat/contracts';
import type { Env } from '../../config/env';
import { badRequest } from '../../lib/errors';
import type { MediaStore } from '../media/media-store';
import { isOwnMediaUrl } from '../media/own-media-url';

export const IMAGE_NOT_FROM_MEDIA_STORE = 'A imagem deve ser enviada pelo upload do chat';

/**
 * The one place that decides what content a message may carry. Text is already trimmed and
 * bounded by the contracts. An image must be a file uploaded to this server's media store (exact
 * `<APP_URL origin>/media/<folder>/<file>`, file present), so a message can never make every
 * reader's browser fetch a third-party or unscanned URL.
 */
export async function assertStorableContent(
  content: MessageContentInput,
  env: Pick<Env, 'appUrl'>,
  store: MediaStore,
): Promise<void> {
  if (content.type === 'image' && !(await isOwnMediaUrl(content.body, env, store))) {
    throw badRequest(IMAGE_NOT_FROM_MEDIA_STORE);
  }
}
