import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadImage, UploadError } from './upload-image';

// The api-client's upload failure, as the real one describes itself (it is built from an axios error there).
const api = vi.hoisted(() => {
  class UploadRequestError extends Error {
    constructor(
      readonly reason: 'status' | 'timeout' | 'network' | 'canceled',
      message: string,
      readonly status: number | null = null,
      readonly serverMessage: string | null = null,
    ) {
      super(message);
    }
  }
  class ApiCallError extends Error {
    constructor(readonly serverMessage: string | null) {
      super(serverMessage ?? 'falha');
    }
  }
  return { UploadRequestError, ApiCallError, generatePublicMediaUrl: vi.fn(), uploadToSignedUrl: vi.fn() };
});
vi.mock('@chat/api-client', () => ({
  ...api,
  apiErrorMessage: (error: unknown, fallback: string) =>
    error instanceof api.ApiCallError && error.serverMessage ? error.serverMessage : fallback,
}));

const SIGNED = 'http://127.0.0.1:3000/media/avatars/0b1c-foto.png?expires=1700000000&signature=abc';
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'foto.png', { type: 'image/png' });
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as UploadError);

describe('uploadImage (SPEC section 7 steps 1-2, section 8 texts)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    api.generatePublicMediaUrl.mockResolvedValue({ status: 200, data: { url: SIGNED } });
    api.uploadToSignedUrl.mockResolvedValue({ status: 200, data: {} });
  });

  it('asks for a signed URL, PUTs the file there with a 60 s timeout and returns the URL without its query', async () => {
    const file = png();
    const progress: number[] = [];
    api.uploadToSignedUrl.mockImplementation(async (_url: string, _file: File, options: { onProgress: (p: number) => void }) => {
      options.onProgress(50);
      options.onProgress(100);
      return { status: 200, data: {} };
    });
    await expect(uploadImage(file, (p) => progress.push(p))).resolves.toBe('http://127.0.0.1:3000/media/avatars/0b1c-foto.png');
    expect(api.generatePublicMediaUrl).toHaveBeenCalledExactlyOnceWith({ fileName: 'foto.png', contentType: 'image/png', folder: 'avatars' });
    expect(api.uploadToSignedUrl).toHaveBeenCalledExactlyOnceWith(SIGNED, file, expect.objectContaining({ timeoutMs: 60_000 }));
    expect(api.generatePublicMediaUrl.mock.invocationCallOrder[0]).toBeLessThan(api.uploadToSignedUrl.mock.invocationCallOrder[0]!);
    expect(progress).toEqual([50, 100]);
  });

  it("keeps a long file name's end (its extension) within the 255 characters the server takes", async () => {
    await uploadImage(new File([new Uint8Array(4)], `${'a'.repeat(300)}.jpeg`, { type: 'image/jpeg' }));
    const { fileName } = api.generatePublicMediaUrl.mock.calls[0]![0] as { fileName: string };
    expect(fileName).toHaveLength(255);
    expect(fileName.endsWith('.jpeg')).toBe(true);
  });

  it("'Erro ao gerar URL pública' when the URL cannot be generated, or the server's own message", async () => {
    api.generatePublicMediaUrl.mockRejectedValueOnce(new Error('Network Error'));
    expect((await failure(uploadImage(png())))?.message).toBe('Erro ao gerar URL pública');
    api.generatePublicMediaUrl.mockRejectedValueOnce(new api.ApiCallError('Tipo de arquivo inválido'));
    expect((await failure(uploadImage(png())))?.message).toBe('Tipo de arquivo inválido');
    expect(api.uploadToSignedUrl).not.toHaveBeenCalled();
  });

  it.each([[{}], [null], [{ url: '' }], [{ url: 42 }]])("'URL de upload não foi gerada' for a response %j", async (data) => {
    api.generatePublicMediaUrl.mockResolvedValueOnce({ status: 200, data });
    const error = await failure(uploadImage(png()));
    expect(error).toBeInstanceOf(UploadError);
    expect(error?.message).toBe('URL de upload não foi gerada');
    expect(api.uploadToSignedUrl).not.toHaveBeenCalled();
  });

  it("'Upload falhou com status: N' for an error status, with the server's reason as detail", async () => {
    api.uploadToSignedUrl.mockRejectedValueOnce(
      new api.UploadRequestError('status', 'x', 413, 'Arquivo muito grande (máx 10MB)'),
    );
    const error = await failure(uploadImage(png()));
    expect(error?.message).toBe('Upload falhou com status: 413');
    expect(error?.detail).toBe('Arquivo muito grande (máx 10MB)');
  });

  it.each([
    ['timeout', 'tempo esgotado após 60 s'],
    ['network', 'falha de conexão com o servidor'],
  ] as const)("'Erro no upload: ...' on a %s", async (reason, message) => {
    api.uploadToSignedUrl.mockRejectedValueOnce(new api.UploadRequestError(reason, message));
    expect((await failure(uploadImage(png())))?.message).toBe(`Erro no upload: ${message}`);
  });

  it("'Erro inesperado no upload' for anything else", async () => {
    api.uploadToSignedUrl.mockRejectedValueOnce(new TypeError('x is not a function'));
    expect((await failure(uploadImage(png())))?.message).toBe('Erro inesperado no upload');
  });
});
