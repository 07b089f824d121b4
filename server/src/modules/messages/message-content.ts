import type { MessageContentInput } from '@chat/contracts';
import { badRequest } from '../../lib/errors';
import { type MediaAccess, type MediaUser, usableMedia } from '../media/media-uploads';

export const IMAGE_NOT_FROM_MEDIA_STORE = 'A imagem deve ser enviada pelo upload do chat';
export const FILE_NOT_FROM_MEDIA_STORE = 'O arquivo deve ser enviado pelo upload do chat';
export const VOICE_NOTE_NOT_AUDIO = 'A mensagem de voz deve ser um áudio';

/** The columns of a message besides its type and body. */
export interface StoredContentFields {
  caption: string | null;
  fileName: string | null;
  fileSize: number | null;
  mimeType: string | null;
  durationMs: number | null;
}

const NONE: StoredContentFields = { caption: null, fileName: null, fileSize: null, mimeType: null, durationMs: null };

/**
 * The one place that decides what content a message may carry. Text is already trimmed and
 * bounded by the contracts. An image, a file and a voice note must be a file uploaded to this
 * server's media store within the author's workspace (see usableMedia), so a message can never
 * make every reader's browser fetch a third-party or unscanned URL, nor show (and keep alive)
 * another workspace's file. A file's size and type are the stored upload's, never the browser's
 * claim; a voice note is an audio file the browser can play.
 */
export async function storableContent(content: MessageContentInput, author: MediaUser, media: MediaAccess): Promise<StoredContentFields> {
  switch (content.type) {
    case 'text':
      return NONE;
    case 'image': {
      const usable = await usableMedia(media, content.body, author);
      if (!usable || usable.attachment || !usable.contentType.startsWith('image/')) throw badRequest(IMAGE_NOT_FROM_MEDIA_STORE);
      return { ...NONE, caption: content.caption || null };
    }
    case 'file':
    case 'audio': {
      const usable = await usableMedia(media, content.body, author);
      if (!usable || usable.folder !== 'files') throw badRequest(FILE_NOT_FROM_MEDIA_STORE);
      const fields = { ...NONE, fileName: content.fileName, fileSize: usable.sizeBytes, mimeType: usable.uploadedType };
      if (content.type === 'file') return fields;
      if (usable.attachment || !usable.contentType.startsWith('audio/')) throw badRequest(VOICE_NOTE_NOT_AUDIO);
      return { ...fields, durationMs: content.durationMs };
    }
  }
}
