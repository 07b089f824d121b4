import { Transform } from 'node:stream';
import { invalidFileType } from './media-errors';

// The declared type is only a claim: where a format has a signature, the first bytes must be it,
// so an HTML or SVG page renamed to .png, or a PDF sent as an image, is never stored as that
// type (and never served as an image, audio or video from our origin). Types without a signature
// are stored as they come and only ever served as downloads.

/** How many first bytes the signatures below look at. */
export const SIGNATURE_BYTES = 12;

const bytes = (...values: number[]) => Buffer.from(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const EBML = bytes(0x1a, 0x45, 0xdf, 0xa3);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);

type Check = (head: Buffer, ascii: (start: number, end: number) => string) => boolean;

const isEbml: Check = (head) => head.subarray(0, 4).equals(EBML);
const isOgg: Check = (_head, ascii) => ascii(0, 4) === 'OggS';
const isIsoMedia: Check = (_head, ascii) => ascii(4, 8) === 'ftyp';
const isWave: Check = (_head, ascii) => ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE';
const isZip: Check = (head) => head.subarray(0, 4).equals(ZIP);

const CHECKS: Record<string, Check> = {
  'image/png': (head) => head.subarray(0, 8).equals(PNG),
  'image/jpeg': (head) => head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/gif': (_head, ascii) => ['GIF87a', 'GIF89a'].includes(ascii(0, 6)),
  'image/webp': (_head, ascii) => ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP',
  'audio/webm': isEbml,
  'video/webm': isEbml,
  'audio/ogg': isOgg,
  'audio/opus': isOgg,
  'video/ogg': isOgg,
  // An MP3 starts with an ID3 tag or straight with a frame sync (11 bits set).
  'audio/mpeg': (head, ascii) => ascii(0, 3) === 'ID3' || (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0),
  'audio/mp4': isIsoMedia,
  'video/mp4': isIsoMedia,
  'video/quicktime': isIsoMedia,
  'audio/wav': isWave,
  'audio/x-wav': isWave,
  'application/pdf': (_head, ascii) => ascii(0, 5) === '%PDF-',
  'application/zip': isZip,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': isZip,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': isZip,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': isZip,
  'application/vnd.oasis.opendocument.text': isZip,
  'application/vnd.oasis.opendocument.spreadsheet': isZip,
};

/** Whether `contentType` has a signature this check knows (its files are refused without it). */
export const hasKnownSignature = (contentType: string): boolean => contentType in CHECKS;

/** True when `head` starts with `contentType`'s signature, or when the type has none to check. */
export function hasSignature(head: Buffer, contentType: string): boolean {
  const check = CHECKS[contentType];
  return !check || check(head, (start, end) => head.subarray(start, end).toString('latin1'));
}

/**
 * Passes the body through once its first 12 bytes carry `contentType`'s signature; fails with 415
 * otherwise (a body shorter than the signature included). Holds back at most those 12 bytes.
 */
export function signatureCheck(contentType: string): Transform {
  if (!hasKnownSignature(contentType)) return new Transform({ transform: (chunk: Buffer, _encoding, callback) => callback(null, chunk) });
  let head: Buffer | null = Buffer.alloc(0);
  const check = (self: Transform): Error | null => {
    const ok = hasSignature(head!, contentType);
    if (ok) self.push(head);
    head = null;
    return ok ? null : invalidFileType();
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head === null) return callback(null, chunk);
      head = Buffer.concat([head, chunk]);
      callback(head.length >= SIGNATURE_BYTES ? check(this) : null);
    },
    flush(callback) {
      callback(head === null ? null : check(this));
    },
  });
}
