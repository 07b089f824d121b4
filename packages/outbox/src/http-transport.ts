import { ApiCallError, generatePublicMediaUrl, sendMessage, uploadToSignedUrl, UploadRequestError } from '@chat/api-client';
import {
  ERROR_TEXTS,
  type GeneratePublicMediaUrlResponse,
  publicUrlOfUpload,
  type SendMessageBody,
  uploadTimeoutFor,
} from '@chat/contracts';
import type { OutboxTransport } from './outbox-runner';
import type { OutboxFile } from './types';

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

/**
 * An upload that would fail the same way again: its entry is refused, with the upload's text
 * (docs/produto.md, Textos que importam).
 */
class UploadRefused extends Error {}

/**
 * The type a file is signed and sent with: without parameters ('audio/webm;codecs=opus' is
 * 'audio/webm'), lower case, and a download's when the browser knows none.
 */
export const uploadType = (file: OutboxFile) => file.type.split(';')[0]!.trim().toLowerCase() || 'application/octet-stream';

/** A signed upload URL for the file; a refusal says 'Erro ao gerar URL pública' unless the server said why. */
async function signedUrl(file: OutboxFile): Promise<GeneratePublicMediaUrlResponse> {
  let answer: Partial<GeneratePublicMediaUrlResponse> | null;
  try {
    const { data } = await generatePublicMediaUrl({
      fileName: file.name.trim().slice(-255).trim() || (file.folder ? 'arquivo' : 'imagem'),
      contentType: uploadType(file),
      folder: file.folder ?? 'avatars',
      // Known before the upload: a file over the limit or the workspace's quota is refused at once.
      size: file.blob.size,
    });
    answer = data;
  } catch (error) {
    const refused = refusalOf(error);
    throw refused ? new UploadRefused(refused.reason ?? ERROR_TEXTS.upload.publicUrl) : error;
  }
  if (!answer?.url) throw new UploadRefused(ERROR_TEXTS.upload.noUploadUrl);
  return { ...answer, url: answer.url };
}

/** The file PUT to its signed URL; a refusal says 'Upload falhou com status: N' unless the server said why. */
async function put(
  { url, headers }: GeneratePublicMediaUrlResponse,
  file: OutboxFile,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const type = uploadType(file);
  const blob = file.blob.type === type ? file.blob : new Blob([file.blob], { type });
  try {
    await uploadToSignedUrl(url, blob, { onProgress, timeoutMs: uploadTimeoutFor(blob.size), signal, headers });
  } catch (error) {
    const refused = refusalOf(error);
    if (refused && error instanceof UploadRequestError && error.status !== null) {
      throw new UploadRefused(refused.reason ?? ERROR_TEXTS.upload.status(error.status));
    }
    throw error;
  }
}

/**
 * The app's transport: the image upload steps (signed URL, PUT) and POST /message/send, through
 * @chat/api-client. Every image goes this way, so the file stays in IndexedDB until the
 * server has the message: a reload or a lost connection mid-upload uploads it again, under a new
 * signed URL, and sends it once with its clientId.
 */
export const httpTransport: OutboxTransport = {
  async upload(file, onProgress, signal) {
    const answer = await signedUrl(file);
    await put(answer, file, onProgress, signal);
    return publicUrlOfUpload(answer);
  },
  async send(entry) {
    const { data } = await sendMessage({
      conversationId: entry.chatId,
      isGroup: entry.chatKind === 'group',
      // Written by this app from a checked form of each type (the server checks it again).
      content: entry.content as SendMessageBody['content'],
      clientId: entry.clientId,
      ...(entry.replyTo ? { replyToId: entry.replyTo.id } : {}),
      ...(entry.mentions.length ? { mentions: entry.mentions } : {}),
    });
    return data;
  },
  refusal: (error) => (error instanceof UploadRefused ? { reason: error.message } : refusalOf(error)),
};
