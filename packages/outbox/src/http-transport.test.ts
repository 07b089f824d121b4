import { beforeEach, describe, expect, it, vi } from 'vitest';
import { httpTransport } from './http-transport';
import type { OutboxFile } from './types';

// The api-client's failures as the real ones describe themselves (built from axios errors there).
const api = vi.hoisted(() => {
  class ApiCallError extends Error {
    constructor(
      readonly status: number | null,
      readonly serverMessage: string | null = null,
    ) {
      super(serverMessage ?? 'falha');
    }
  }
  class UploadRequestError extends ApiCallError {
    constructor(
      readonly reason: 'status' | 'timeout' | 'network' | 'canceled',
      status: number | null = null,
      serverMessage: string | null = null,
    ) {
      super(status, serverMessage);
    }
  }
  return { ApiCallError, UploadRequestError, generatePublicMediaUrl: vi.fn(), uploadToSignedUrl: vi.fn(), sendMessage: vi.fn() };
});
vi.mock('@chat/api-client', () => api);

const SIGNED = 'http://127.0.0.1:3000/media/avatars/0b1c-foto.png?expires=1700000000&signature=abc';
const file: OutboxFile = {
  blob: new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }),
  name: 'foto.png',
  type: 'image/png',
};
/** What the runner does with a failed upload: the refusal (an entry marked 'Não enviada'), or null (try later). */
const outcome = (work: Promise<unknown>) =>
  work.then(
    () => 'ok',
    (error: unknown) => httpTransport.refusal(error),
  );

describe('httpTransport.upload (signed URL, then PUT; the product texts for refusals)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.generatePublicMediaUrl.mockResolvedValue({ status: 200, data: { url: SIGNED } });
    api.uploadToSignedUrl.mockResolvedValue({ status: 200, data: {} });
  });

  it('asks for a signed URL, PUTs the kept Blob there with a 60 s timeout and returns the URL without its query', async () => {
    const progress: number[] = [];
    api.uploadToSignedUrl.mockImplementation(async (_url: string, _blob: Blob, options: { onProgress: (p: number) => void }) => {
      options.onProgress(50);
      options.onProgress(100);
      return { status: 200, data: {} };
    });
    await expect(httpTransport.upload(file, (p) => progress.push(p))).resolves.toBe('http://127.0.0.1:3000/media/avatars/0b1c-foto.png');
    expect(api.generatePublicMediaUrl).toHaveBeenCalledExactlyOnceWith({
      fileName: 'foto.png',
      contentType: 'image/png',
      folder: 'avatars',
      size: file.blob.size,
    });
    expect(api.uploadToSignedUrl).toHaveBeenCalledExactlyOnceWith(SIGNED, file.blob, expect.objectContaining({ timeoutMs: 60_000 }));
    expect(progress).toEqual([50, 100]);
  });

  it('PUTs to a bucket with the headers it was signed with, and returns the public URL the server names', async () => {
    const headers = { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="a.pdf"' };
    const bucketUrl = 'https://balde.s3.sa-east-1.amazonaws.com/files/0b1c-a.pdf';
    api.generatePublicMediaUrl.mockResolvedValue({
      status: 200,
      data: { url: `${bucketUrl}?X-Amz-Signature=s`, headers, publicUrl: 'https://cdn.exemplo/files/0b1c-a.pdf' },
    });
    await expect(httpTransport.upload(file, () => undefined)).resolves.toBe('https://cdn.exemplo/files/0b1c-a.pdf');
    expect(api.uploadToSignedUrl).toHaveBeenCalledExactlyOnceWith(
      `${bucketUrl}?X-Amz-Signature=s`,
      file.blob,
      expect.objectContaining({ headers }),
    );
  });

  it('sends a file to the files folder with its type without parameters, the Blob typed alike', async () => {
    const note = {
      blob: new Blob(['OggS'], { type: 'audio/ogg;codecs=opus' }),
      name: 'voz.ogg',
      type: 'audio/ogg;codecs=opus',
      folder: 'files' as const,
    };
    await httpTransport.upload(note, () => undefined);
    expect(api.generatePublicMediaUrl).toHaveBeenCalledExactlyOnceWith({
      fileName: 'voz.ogg',
      contentType: 'audio/ogg',
      folder: 'files',
      size: 4,
    });
    const sent = api.uploadToSignedUrl.mock.calls[0]![1] as Blob;
    expect(sent.type).toBe('audio/ogg');
    expect(sent.size).toBe(4);
  });

  it("keeps a long file name's end (its extension) within the 255 characters the server takes", async () => {
    await httpTransport.upload({ ...file, name: `${'a'.repeat(300)}.jpeg` }, () => undefined);
    const { fileName } = api.generatePublicMediaUrl.mock.calls[0]![0] as { fileName: string };
    expect(fileName).toHaveLength(255);
    expect(fileName.endsWith('.jpeg')).toBe(true);
  });

  it('refuses with the server’s words, or the product’s text when it gave none', async () => {
    api.generatePublicMediaUrl.mockRejectedValueOnce(new api.ApiCallError(400, 'Tipo de arquivo não permitido'));
    expect(await outcome(httpTransport.upload(file, () => undefined))).toEqual({ reason: 'Tipo de arquivo não permitido' });
    api.generatePublicMediaUrl.mockRejectedValueOnce(new api.ApiCallError(403));
    expect(await outcome(httpTransport.upload(file, () => undefined))).toEqual({ reason: 'Erro ao gerar URL pública' });
    api.generatePublicMediaUrl.mockResolvedValueOnce({ status: 200, data: {} });
    expect(await outcome(httpTransport.upload(file, () => undefined))).toEqual({ reason: 'URL de upload não foi gerada' });
    api.uploadToSignedUrl.mockRejectedValueOnce(new api.UploadRequestError('status', 415));
    expect(await outcome(httpTransport.upload(file, () => undefined))).toEqual({ reason: 'Upload falhou com status: 415' });
    api.uploadToSignedUrl.mockRejectedValueOnce(new api.UploadRequestError('status', 409, 'URL de upload já utilizada'));
    expect(await outcome(httpTransport.upload(file, () => undefined))).toEqual({ reason: 'URL de upload já utilizada' });
  });

  it('leaves for later what another try may get through: no network, timeouts, 5xx, 429', async () => {
    api.generatePublicMediaUrl.mockRejectedValueOnce(new api.ApiCallError(null));
    expect(await outcome(httpTransport.upload(file, () => undefined))).toBeNull();
    api.generatePublicMediaUrl.mockRejectedValueOnce(new api.ApiCallError(503));
    expect(await outcome(httpTransport.upload(file, () => undefined))).toBeNull();
    // The server's disk is full: nothing was stored, the same request may pass later.
    api.uploadToSignedUrl.mockRejectedValueOnce(
      new api.UploadRequestError('status', 507, 'Sem espaço em disco no servidor. Tente novamente mais tarde.'),
    );
    expect(await outcome(httpTransport.upload(file, () => undefined))).toBeNull();
    for (const failure of [
      new api.UploadRequestError('network'),
      new api.UploadRequestError('timeout'),
      new api.UploadRequestError('status', 502),
      new api.UploadRequestError('status', 429),
    ]) {
      api.uploadToSignedUrl.mockRejectedValueOnce(failure);
      expect(await outcome(httpTransport.upload(file, () => undefined)), failure.reason).toBeNull();
    }
    expect(await outcome(httpTransport.upload(file, () => undefined))).toBe('ok');
  });
});
