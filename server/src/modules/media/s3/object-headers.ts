import { downloadName, DOWNLOAD_CONTENT_TYPE, type MediaKey } from '../media-key';

// The headers an object is stored with, so a bucket serves it as the server's own GET /media
// route would: an image, audio or video (whose signature is checked before any message shows it)
// as its type, and every other file as a download of a type no browser renders. S3 serves the
// headers an object was stored with: they are bound into the upload's signature, and checked
// again before the object is used.

export const OBJECT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface ObjectHeaders {
  contentType: string;
  /** Set for downloads only. */
  contentDisposition: string | null;
  cacheControl: string;
}

export function objectHeaders(media: MediaKey): ObjectHeaders {
  if (!media.attachment) return { contentType: media.contentType, contentDisposition: null, cacheControl: OBJECT_CACHE_CONTROL };
  return {
    contentType: DOWNLOAD_CONTENT_TYPE,
    contentDisposition: `attachment; filename="${downloadName(media)}"`,
    cacheControl: OBJECT_CACHE_CONTROL,
  };
}
