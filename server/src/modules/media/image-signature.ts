import { Transform } from 'node:stream';
import type { ImageContentType } from '@chat/contracts';
import { invalidFileType } from './media-errors';

// The declared type is only a claim: the first bytes must be that format's signature, so an HTML
// or SVG page renamed to .png is never stored (and never served as an image from our origin).

const HEADER_BYTES = 12;

export function hasImageSignature(head: Buffer, contentType: ImageContentType): boolean {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  switch (contentType) {
    case 'image/png':
      return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/jpeg':
      return head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'image/gif':
      return ['GIF87a', 'GIF89a'].includes(ascii(0, 6));
    case 'image/webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
  }
}

/**
 * Passes the body through once its first 12 bytes carry `contentType`'s signature; fails with 415
 * otherwise (a body shorter than the signature included). Holds back at most those 12 bytes.
 */
export function imageSignatureCheck(contentType: ImageContentType): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const check = (self: Transform): Error | null => {
    const ok = hasImageSignature(head!, contentType);
    if (ok) self.push(head);
    head = null;
    return ok ? null : invalidFileType();
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      callback(head.length >= HEADER_BYTES ? check(this) : null);
    },
    flush(callback) {
      callback(head === null ? null : check(this));
    },
  });
}
