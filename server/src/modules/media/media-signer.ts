import { createHmac, timingSafeEqual } from 'node:crypto';
import { MIME_TYPE_PATTERN } from '@chat/contracts';
import { type MediaKey, typeFitsKey } from './media-key';

// Upload URLs carry their own credential: an HMAC over what the PUT may do (method, path, expiry,
// content type) and for whom (the uploader, whose workspace the file will belong to). Signing
// knows nothing of storage, so a shared store (S3) keeps the same URLs.

export const UPLOAD_URL_TTL_SECONDS = 5 * 60;

export interface SignedUpload {
  expires: number;
  /** The type the PUT must declare (and its body carry, where the type has a signature). */
  contentType: string;
  /** The id of the user the URL was made for. */
  uploader: string;
  signature: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class MediaUrlSigner {
  private readonly key: Buffer;

  /** `secret` is the JWT secret: every process already shares it, and a derived key keeps the two uses apart. */
  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('chat-media-upload-url-v1').digest();
  }

  /** `contentType`: the file's declared type, which fits `media` (newMediaKey made it from that type). */
  sign(media: MediaKey, uploader: string, now: Date, contentType: string = media.contentType): SignedUpload {
    const expires = Math.floor(now.getTime() / 1000) + UPLOAD_URL_TTL_SECONDS;
    return { expires, contentType, uploader, signature: this.mac(media.key, expires, contentType, uploader) };
  }

  /** The signed terms of a PUT's query string, or null when missing, forged, for another path or expired. */
  verify(media: MediaKey, query: URLSearchParams, now: Date): SignedUpload | null {
    const expiresText = query.get('expires') ?? '';
    const contentType = query.get('contentType');
    const uploader = query.get('uploader') ?? '';
    const signature = query.get('signature') ?? '';
    if (!/^\d{1,12}$/.test(expiresText) || !contentType || !MIME_TYPE_PATTERN.test(contentType) || !UUID.test(uploader)) return null;
    if (!typeFitsKey(media, contentType)) return null;
    const expires = Number(expiresText);
    const expected = Buffer.from(this.mac(media.key, expires, contentType, uploader));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Math.floor(now.getTime() / 1000) > expires) return null;
    return { expires, contentType, uploader, signature };
  }

  private mac(key: string, expires: number, contentType: string, uploader: string): string {
    return createHmac('sha256', this.key).update(`PUT\n/media/${key}\n${expires}\n${contentType}\n${uploader}`).digest('base64url');
  }
}

/** The absolute upload URL handed to the browser; without its query string it is the public URL. */
export function uploadUrl(origin: string, media: MediaKey, signed: SignedUpload): string {
  const query = new URLSearchParams({
    expires: String(signed.expires),
    contentType: signed.contentType,
    uploader: signed.uploader,
    signature: signed.signature,
  });
  return `${publicMediaUrl(origin, media)}?${query}`;
}

export function publicMediaUrl(origin: string, media: MediaKey): string {
  return `${origin}/media/${media.key}`;
}
