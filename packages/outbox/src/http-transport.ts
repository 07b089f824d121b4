import { ApiCallError, generatePublicMediaUrl, sendMessage, uploadToSignedUrl } from '@chat/api-client';
import { type ImageContentType, LIMITS, MEDIA_FOLDERS, publicUrlFromUploadUrl } from '@chat/contracts';
import type { OutboxTransport } from './outbox-runner';

/**
 * 4xx answers are refusals: the same request would be refused again. Not 401 (the session is being
 * renewed or has ended), 408 or 429 (come back later).
 */
const RETRYABLE_4XX = new Set([401, 408, 429]);

export function refusalOf(error: unknown): { reason: string | null } | null {
  if (!(error instanceof ApiCallError) || error.status === null) return null;
  if (error.status < 400 || error.status >= 500 || RETRYABLE_4XX.has(error.status)) return null;
  return { reason: error.serverMessage };
}

/** The app's transport: SPEC section 7's image upload steps and POST /message/send, through @chat/api-client. */
export const httpTransport: OutboxTransport = {
  async upload(file, onProgress) {
    const { data } = await generatePublicMediaUrl({
      fileName: file.name.trim().slice(-255).trim() || 'imagem',
      contentType: file.type as ImageContentType,
      folder: MEDIA_FOLDERS[0],
    });
    if (!data?.url) throw new Error('sem URL de upload');
    await uploadToSignedUrl(data.url, file.blob, { onProgress, timeoutMs: LIMITS.uploadTimeoutMs });
    return publicUrlFromUploadUrl(data.url);
  },
  async send(entry) {
    const { data } = await sendMessage({
      conversationId: entry.chatId,
      isGroup: entry.chatKind === 'group',
      content: entry.content,
      clientId: entry.clientId,
      ...(entry.replyTo ? { replyToId: entry.replyTo.id } : {}),
      ...(entry.mentions.length ? { mentions: entry.mentions } : {}),
    });
    return data;
  },
  refusal: refusalOf,
};
