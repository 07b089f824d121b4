import { apiErrorMessage, generatePublicMediaUrl, uploadToSignedUrl, UploadRequestError } from '@chat/api-client';
import { ERROR_TEXTS, type GeneratePublicMediaUrlResponse, publicUrlOfUpload } from '@chat/contracts';

/**
 * A profile or group photo goes through the same signed-URL flow as chat images (folder
 * 'avatars'): ask for an upload URL, PUT the file, keep the URL without its query string. Throws
 * an Error whose message is the docs/produto.md, Textos que importam upload text to show.
 * Here and not in the shared api-client: an app that uploads no photo does not download it.
 */
export async function uploadAvatar(file: File): Promise<string> {
  let answer: Partial<GeneratePublicMediaUrlResponse> | null;
  try {
    const { data } = await generatePublicMediaUrl({
      fileName: file.name.trim().slice(-255) || 'avatar',
      // Checked by validateImageFile when it was picked.
      contentType: file.type,
      folder: 'avatars',
    });
    answer = data;
  } catch (error) {
    throw new Error(apiErrorMessage(error, ERROR_TEXTS.upload.publicUrl));
  }
  const url = answer?.url;
  if (!url) throw new Error(ERROR_TEXTS.upload.noUploadUrl);
  try {
    await uploadToSignedUrl(url, file, { headers: answer?.headers });
  } catch (error) {
    if (error instanceof UploadRequestError && error.reason === 'status' && error.status !== null) {
      throw new Error(ERROR_TEXTS.upload.status(error.status));
    }
    throw new Error(error instanceof Error ? ERROR_TEXTS.upload.failed(error.message) : ERROR_TEXTS.upload.unexpected);
  }
  return publicUrlOfUpload({ ...answer, url });
}
