import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadAvatar } from './upload-avatar';

const media = vi.hoisted(() => ({
  generatePublicMediaUrl: vi.fn(),
  uploadToSignedUrl: vi.fn(),
  UploadRequestError: class extends Error {
    reason = 'status';
    constructor(public status: number | null) {
      super('falhou');
    }
  },
}));
vi.mock('@chat/api-client', () => ({ ...media, apiErrorMessage: (_: unknown, fallback: string) => fallback }));

const photo = new File([new Uint8Array([0x89, 0x50])], 'foto.png', { type: 'image/png' });

describe('uploadAvatar', () => {
  afterEach(() => vi.resetAllMocks());

  it('asks for an upload URL in the avatars folder, PUTs the file and answers the public URL', async () => {
    media.generatePublicMediaUrl.mockResolvedValue({ status: 200, data: { url: 'http://x/media/avatars/a-foto.png?signature=s' } });
    media.uploadToSignedUrl.mockResolvedValue({ status: 200, data: null });
    await expect(uploadAvatar(photo)).resolves.toBe('http://x/media/avatars/a-foto.png');
    expect(media.generatePublicMediaUrl).toHaveBeenCalledWith({ fileName: 'foto.png', contentType: 'image/png', folder: 'avatars' });
    expect(media.uploadToSignedUrl).toHaveBeenCalledWith('http://x/media/avatars/a-foto.png?signature=s', photo, { headers: undefined });
  });

  it("sends a bucket's signed headers and answers the public URL it names (a CDN)", async () => {
    const headers = { 'content-type': 'image/png', 'if-none-match': '*' };
    media.generatePublicMediaUrl.mockResolvedValue({
      status: 200,
      data: {
        url: 'https://balde.s3.amazonaws.com/avatars/a-foto.png?X-Amz-Signature=s',
        headers,
        publicUrl: 'https://cdn.x/avatars/a-foto.png',
      },
    });
    media.uploadToSignedUrl.mockResolvedValue({ status: 200, data: null });
    await expect(uploadAvatar(photo)).resolves.toBe('https://cdn.x/avatars/a-foto.png');
    expect(media.uploadToSignedUrl).toHaveBeenCalledWith('https://balde.s3.amazonaws.com/avatars/a-foto.png?X-Amz-Signature=s', photo, {
      headers,
    });
  });

  it('throws the product texts when the URL is missing or the upload fails', async () => {
    media.generatePublicMediaUrl.mockResolvedValue({ status: 200, data: {} });
    await expect(uploadAvatar(photo)).rejects.toThrow('URL de upload não foi gerada');
    media.generatePublicMediaUrl.mockResolvedValue({ status: 200, data: { url: 'http://x/u?s=1' } });
    media.uploadToSignedUrl.mockRejectedValue(new media.UploadRequestError(500));
    await expect(uploadAvatar(photo)).rejects.toThrow('Upload falhou com status: 500');
  });
});
