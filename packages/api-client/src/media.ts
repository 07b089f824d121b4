import type { AxiosInstance } from 'axios';
import { uploadTimeoutFor, type GeneratePublicMediaUrlBody, type GeneratePublicMediaUrlResponse } from '@chat/contracts';
import { http } from './client';
import { ApiCallError, isAxiosError, request, type ApiResult } from './http';

// The image upload calls: ask the API for a signed URL (bearer token, renewal
// on 401 like every call), then PUT the file to that URL. The PUT is authorised by the URL's
// signature alone, so it goes through a plain instance of its own: no Authorization header, no
// renewal, and the upload timeout (60 s, longer for a large file: uploadTimeoutFor; every other call has none).

/**
 * POST /cloud/generate-public-media-url: `{ url }`, a signed upload URL valid for 5 minutes (with
 * media in a bucket, also the `headers` its PUT carries and the file's `publicUrl`).
 */
export const generatePublicMediaUrl = (body: GeneratePublicMediaUrlBody) =>
  request<Partial<GeneratePublicMediaUrlResponse> | null>(http(), {
    method: 'POST',
    url: '/cloud/generate-public-media-url',
    data: body,
  });

/** Why an upload PUT failed: the server answered with an error status, took too long, or never answered. */
export type UploadFailure = 'status' | 'timeout' | 'network' | 'canceled';

/**
 * A failed PUT. `status` and `serverMessage` as in ApiCallError; `reason` tells the caller which
 * of the upload texts (docs/produto.md, Textos que importam) applies; `message` is Portuguese for
 * timeouts and network failures (it ends up in 'Erro no upload: ...').
 */
export class UploadRequestError extends ApiCallError {
  readonly reason: UploadFailure;

  constructor(cause: unknown, timeoutMs: number) {
    super(cause);
    this.name = 'UploadRequestError';
    this.reason = failureOf(cause, this.status);
    if (this.reason === 'timeout') this.message = `tempo esgotado após ${(timeoutMs / 1000).toLocaleString('pt-BR')} s`;
    else if (this.reason === 'network') this.message = 'falha de conexão com o servidor';
    else if (this.reason === 'canceled') this.message = 'envio cancelado';
  }
}

function failureOf(cause: unknown, status: number | null): UploadFailure {
  if (status !== null) return 'status';
  // axios's codes (AxiosError.ERR_CANCELED...), by value: axios itself is loaded on first use.
  const code = isAxiosError(cause) ? cause.code : undefined;
  if (code === 'ERR_CANCELED') return 'canceled';
  if (code === 'ECONNABORTED' || code === 'ETIMEDOUT') return 'timeout';
  return 'network';
}

export interface UploadOptions {
  /** Called as the body goes out, with the percentage sent (0-100). */
  onProgress?: (percent: number) => void;
  /** Defaults to uploadTimeoutFor(file.size): 60000 ms, longer for a large file (docs/produto.md, Validação e limites). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * The headers the upload URL was signed with (generate-public-media-url's `headers`), sent as
   * they are; without them, the file's own type.
   */
  headers?: Record<string, string>;
}

// Created on first use: no base URL (the signed URL is absolute), no interceptors, so no bearer
// token and no renewal can ever be attached to it.
let plain: Promise<AxiosInstance> | null = null;
const uploadHttp = (): Promise<AxiosInstance> => {
  plain ??= import('./axios-instances').then(({ createBareHttp }) => createBareHttp());
  plain.catch(() => {
    plain = null;
  });
  return plain;
};

/** PUT the file to a signed upload URL with its content type. Throws UploadRequestError. */
export async function uploadToSignedUrl(
  url: string,
  file: Blob,
  { onProgress, timeoutMs = uploadTimeoutFor(file.size), signal, headers }: UploadOptions = {},
): Promise<ApiResult<unknown>> {
  // The body's own type is the one sent: a Blob of the signed type, where it is another (a bucket
  // stores a download as application/octet-stream, whatever the file is).
  const signedType = headers?.['content-type'];
  const body = signedType && signedType !== file.type ? new Blob([file], { type: signedType }) : file;
  try {
    const response = await (
      await uploadHttp()
    ).request({
      method: 'PUT',
      url,
      data: body,
      headers: headers ?? { 'Content-Type': file.type },
      timeout: timeoutMs,
      signal,
      onUploadProgress: (event) => {
        const total = event.total ?? file.size;
        if (total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / total) * 100)));
      },
    });
    return { status: response.status, data: response.data };
  } catch (error) {
    throw new UploadRequestError(error, timeoutMs);
  }
}
