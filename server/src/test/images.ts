import type { ImageContentType } from '@chat/contracts';

// Tiny images, 1x1 pixel, as real files of each format (the server only reads their first bytes,
// but a browser test can display them too).

const base64 = (text: string) => Buffer.from(text, 'base64');

export const TINY_IMAGES: Record<ImageContentType, Buffer> = {
  'image/png': base64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  'image/jpeg': Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
  ]),
  'image/gif': base64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
  'image/webp': base64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=='),
};

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** `size` bytes that start like a PNG: only the size can make it fail. */
export function pngOfSize(size: number): Buffer {
  const body = Buffer.alloc(size, 0x61);
  TINY_IMAGES['image/png'].copy(body, 0, 0, Math.min(size, 33));
  return body;
}
