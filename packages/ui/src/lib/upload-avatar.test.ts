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
    expect(media.uploadToSignedUrl).toHaveBeenCalledWith('http://x/media/avatars/a-foto.png?signature=s', photo);
  });

  it('throws the product texts when the URL is missing or the upload fails', async () => {
    media.generatePublicMediaUrl.mockResolvedValue({ status: 200, data: {} });
    await expect(uploadAvatar(photo)).rejects.toThrow('URL de upload não foi gerada');
    media.generatePublicMediaUrl.mockResolvedValue({ status: 200, data: { url: 'http://x/u?s=1' } });
    media.uploadToSignedUrl.mockRejectedValue(new media.UploadRequestError(500));
    await expect(uploadAvatar(photo)).rejects.toThrow('Upload falhou com status: 500');
  });
});
