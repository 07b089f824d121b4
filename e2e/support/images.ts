import { deflateSync } from 'node:zlib';

// Small valid images for upload tests, made in the test itself (no fixture files).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export type Pixel = (x: number, y: number) => [number, number, number];

/** Default picture: a diagonal gradient with a light square in the middle, easy to recognise on a screenshot. */
const gradient: Pixel = (x, y) => {
  const inSquare = Math.abs(x - 80) < 24 && Math.abs(y - 60) < 24;
  return inSquare ? [250, 250, 250] : [40 + x, 90 + Math.round(y / 2), 200 - Math.round(x / 2)];
};

/** An RGB PNG of `width` x `height` pixels. `noise` adds random bytes so the file does not compress (a bigger upload). */
export function pngImage(width = 160, height = 120, pixel: Pixel = gradient, noise = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1); // each row starts with filter byte 0
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      const jitter = noise ? Math.floor(Math.random() * noise) : 0;
      rows.writeUInt8(Math.min(255, r + jitter), row + 1 + x * 3);
      rows.writeUInt8(Math.min(255, g + jitter), row + 2 + x * 3);
      rows.writeUInt8(Math.min(255, b + jitter), row + 3 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
