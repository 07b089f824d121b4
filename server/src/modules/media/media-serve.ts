import { Readable } from 'node:stream';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { downloadName, DOWNLOAD_CONTENT_TYPE, type MediaKey } from './media-key';

// How a stored file goes out: its headers (never rendered unless it is a checked image, audio or
// video), the name a download is saved as, and a byte range of it for a player that seeks.

/**
 * Uploaded files never change (a new upload is a new URL). Whatever a file holds, it is served as
 * an image, audio or video whose signature was checked, or as a download.
 */
const SERVE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  // Opened directly, the file still cannot run script or load anything.
  'content-security-policy': "default-src 'none'",
  // A player seeks in audio and video by asking for the bytes it needs (parseRange).
  'accept-ranges': 'bytes',
};

/**
 * A download is never rendered: a type no browser shows (so HTML, SVG, XML and PDF alike are
 * saved, not opened) and an attachment under its name (contentDisposition).
 */
export function serveHeaders(media: MediaKey, originalName: string | null): Record<string, string> {
  if (!media.attachment) return { ...SERVE_HEADERS, 'content-type': media.contentType };
  return { ...SERVE_HEADERS, 'content-type': DOWNLOAD_CONTENT_TYPE, 'content-disposition': contentDisposition(media, originalName) };
}

/**
 * The name as the sender's device had it, when a message carries this file: the stored key only
 * keeps a safe ASCII form of it ("relatorio-final.pdf" for "Relatório final.pdf").
 */
export async function originalFileName(db: Db, publicUrl: string): Promise<string | null> {
  const [row] = await db
    .select({ fileName: messages.fileName })
    .from(messages)
    .where(and(eq(messages.body, publicUrl), isNotNull(messages.fileName)))
    .limit(1);
  return row?.fileName ?? null;
}

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** The original name without path or control characters, ending in the stored file's extension. */
function savedName(media: MediaKey, originalName: string | null): string {
  const fallback = downloadName(media);
  const name = (originalName ?? '')
    .split(/[/\\]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  if (!name) return fallback;
  // A name whose extension the stored file does not have ("foto.png" whose bytes were no PNG) keeps
  // the stored one too, so the saved file is opened as what it was served as.
  const ext = extensionOf(fallback);
  return extensionOf(name) === ext ? name : `${name}.${ext}`;
}

/** RFC 8187's value-chars: everything else percent-encoded as UTF-8. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * RFC 6266: `filename*` carries the name with its accents (UTF-8), `filename` an ASCII fallback for
 * old clients, accents dropped and quotes, backslashes and percent signs (which some browsers
 * decode) replaced.
 */
export function contentDisposition(media: MediaKey, originalName: string | null): string {
  const name = savedName(media, originalName);
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * The one byte range a Range header asks of a file of `size` bytes; null when there is none or it
 * asks for several (the whole file is then sent, as RFC 9110 allows); 'unsatisfiable' for a range
 * that starts past the end (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? null : { start, end };
}

/**
 * The bytes `range` of `source`: the store hands whole files (a seek is rare and files are at most
 * MAX_FILE_MB), so the bytes before it are read and dropped, and the source is closed after it.
 */
export function sliceStream(source: Readable, range: ByteRange): Readable {
  async function* slice() {
    let position = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const from = Math.max(0, range.start - position);
      const to = Math.min(chunk.length, range.end + 1 - position);
      if (to > from) yield chunk.subarray(from, to);
      position += chunk.length;
      if (position > range.end) break;
    }
  }
  return Readable.from(slice());
}
