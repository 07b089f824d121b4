import type { MessageContentInput } from '@chat/contracts';
import { badRequest } from '../../lib/errors';
import { type MediaAccess, type MediaUser, usableMedia } from '../media/media-uploads';

export const IMAGE_NOT_FROM_MEDIA_STORE = 'A imagem deve ser enviada pelo upload do chat';

/**
 * The one place that decides what content a message may carry. Text is already trimmed and
 * bounded by the contracts. An image must be a file uploaded to this server's media store within
 * the author's workspace (see usableMedia), so a message can never make every reader's browser
 * fetch a third-party or unscanned URL, nor show (and keep alive) another workspace's file.
 */
export async function assertStorableContent(content: MessageContentInput, author: MediaUser, media: MediaAccess): Promise<void> {
  if (content.type === 'image' && !(await usableMedia(media, content.body, author))) {
    throw badRequest(IMAGE_NOT_FROM_MEDIA_STORE);
  }
}
