import { randomUUID } from 'node:crypto';
import { IMAGE_CONTENT_TYPES, type ImageContentType, MEDIA_FOLDERS, type MediaFolder } from '@chat/contracts';

// A media key is "<folder>/<uuid>-<safe name>.<ext>": the only shape the store ever reads or
// writes. Parsing is a whitelist on the raw URL path (no decoding, no normalisation), so "..",
// "%2e%2e", backslashes, absolute paths and doubled slashes never reach the file system.

export const EXTENSION_BY_TYPE: Record<ImageContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const TYPE_BY_EXTENSION = new Map(Object.entries(EXTENSION_BY_TYPE).map(([type, ext]) => [ext, type as ImageContentType]));

export function isImageContentType(value: unknown): value is ImageContentType {
  return typeof value === 'string' && (IMAGE_CONTENT_TYPES as readonly string[]).includes(value);
}

export interface MediaKey {
  folder: MediaFolder;
  file: string;
  /** "<folder>/<file>", the store's key and the URL path after /media/. */
  key: string;
  contentType: ImageContentType;
}

/** Length of the safe name without its extension; with the uuid the file name stays under 100. */
const SAFE_BASE_MAX = 55;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
// Dots only between name parts, never two in a row: a file segment can never be "." or "..".
const FILE_PATTERN = new RegExp(`^${UUID}-[a-z0-9_-]+(?:\\.[a-z0-9_-]+)*\\.([a-z0-9]+)$`);

/** "avatars/<uuid>-foto.png" -> MediaKey; anything else (traversal, encoding, unknown type) -> null. */
export function parseMediaKey(raw: string): MediaKey | null {
  const slash = raw.indexOf('/');
  if (slash === -1) return null;
  const folder = raw.slice(0, slash);
  const file = raw.slice(slash + 1);
  if (!(MEDIA_FOLDERS as readonly string[]).includes(folder) || file.length > 120) return null;
  const match = FILE_PATTERN.exec(file);
  const contentType = match ? TYPE_BY_EXTENSION.get(match[1]!) : undefined;
  if (!contentType) return null;
  return { folder: folder as MediaFolder, file, key: `${folder}/${file}`, contentType };
}

/**
 * The user's file name made safe for a path and a URL: accents dropped (reunião -> reuniao), lower
 * case, [a-z0-9._-] only, and the extension of the declared type, whatever the name claimed.
 */
export function safeFileName(fileName: string, contentType: ImageContentType): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const withoutExtension = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const safe = withoutExtension
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .slice(0, SAFE_BASE_MAX)
    .replace(/^[._-]+|[._-]+$/g, '');
  return `${safe || 'imagem'}.${EXTENSION_BY_TYPE[contentType]}`;
}

/** A fresh key: the uuid makes every upload URL name a file of its own. */
export function newMediaKey(folder: MediaFolder, fileName: string, contentType: ImageContentType): MediaKey {
  const file = `${randomUUID()}-${safeFileName(fileName, contentType)}`;
  return { folder, file, key: `${folder}/${file}`, contentType };
}
