import { ApiCallError, apiErrorMessage, generatePublicMediaUrl, uploadToSignedUrl, UploadRequestError } from '@chat/api-client';
import { ERROR_TEXTS, LIMITS, MEDIA_FOLDERS, publicUrlFromUploadUrl, type ImageContentType } from '@chat/contracts';

/**
 * A failed upload, with the SPEC section 8 text to show (`message`) and, when the server said why,
 * its own words (`detail`, e.g. 'URL de upload já utilizada' behind 'Upload falhou com status: 409').
 */
export class UploadError extends Error {
  readonly detail: string | null;
  /** The server was not reached or did not answer (issue 16: the file waits in the outbox). */
  readonly unreachable: boolean;

  constructor(message: string, detail: string | null = null, unreachable = false) {
    super(message);
    this.name = 'UploadError';
    this.detail = detail;
    this.unreachable = unreachable;
  }
}

/** The contracts cap file names at 255 characters: keep the end, where the extension is. */
function uploadFileName(name: string): string {
  const trimmed = name.trim();
  return trimmed ? trimmed.slice(-255).trim() : 'imagem';
}

async function signedUploadUrl(file: File): Promise<string> {
  let url: unknown;
  try {
    const { data } = await generatePublicMediaUrl({
      fileName: uploadFileName(file.name),
      // Checked by validateImageFile when it was picked.
      contentType: file.type as ImageContentType,
      folder: MEDIA_FOLDERS[0],
    });
    url = data?.url;
  } catch (error) {
    const unanswered = error instanceof ApiCallError && error.status === null;
    throw new UploadError(apiErrorMessage(error, ERROR_TEXTS.upload.publicUrl), null, unanswered);
  }
  if (typeof url !== 'string' || url.trim() === '') throw new UploadError(ERROR_TEXTS.upload.noUploadUrl);
  return url;
}

async function put(url: string, file: File, onProgress: (percent: number) => void): Promise<void> {
  try {
    await uploadToSignedUrl(url, file, { onProgress, timeoutMs: LIMITS.uploadTimeoutMs });
  } catch (error) {
    if (error instanceof UploadRequestError && error.reason === 'status' && error.status !== null) {
      throw new UploadError(ERROR_TEXTS.upload.status(error.status), error.serverMessage);
    }
    if (error instanceof UploadRequestError) {
      const unreachable = error.reason === 'network' || error.reason === 'timeout';
      throw new UploadError(ERROR_TEXTS.upload.failed(error.message), null, unreachable);
    }
    throw error;
  }
}

/**
 * SPEC section 7's first two steps for an image message: a signed upload URL for the file, then
 * the file PUT to it with its content type (60 s timeout, progress reported in percent). Resolves
 * with the public URL (the upload URL without its query string); the caller sends it as the
 * message. Every failure is an UploadError carrying its SPEC section 8 text.
 */
export async function uploadImage(file: File, onProgress: (percent: number) => void = () => undefined): Promise<string> {
  try {
    const url = await signedUploadUrl(file);
    await put(url, file, onProgress);
    return publicUrlFromUploadUrl(url);
  } catch (error) {
    if (error instanceof UploadError) throw error;
    throw new UploadError(ERROR_TEXTS.upload.unexpected);
  }
}
