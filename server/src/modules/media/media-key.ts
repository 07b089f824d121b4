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
  /**
   * The type the file is served with, read from the extension alone: an image, audio or video
   * type whose signature the upload checked, or application/octet-stream for everything else.
   */
  contentType: string;
  /** Served as a download (Content-Disposition: attachment), never shown by the browser. */
  attachment: boolean;
}

/** What no browser renders: every file that is not an image, audio or video is served as this. */
export const DOWNLOAD_CONTENT_TYPE = 'application/octet-stream';

/**
 * The types a file in 'files' is served as, so shown or played in the page, by extension. Each has
 * a signature the upload checks (file-signature.ts); any other type gets the extension of its
 * name (never one of these) and is served as a download.
 */
export const INLINE_EXTENSION_BY_TYPE: Record<string, string> = {
  ...EXTENSION_BY_TYPE,
  'audio/webm': 'weba',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'video/webm': 'webm',
  'video/ogg': 'ogv',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
};
const INLINE_TYPE_BY_EXTENSION = new Map(
  Object.entries(INLINE_EXTENSION_BY_TYPE)
    .reverse()
    .map(([type, ext]) => [ext, type]),
);

/** The extension a file of `contentType` named `fileName` is stored with in 'files'. */
function fileExtension(fileName: string, contentType: string): string {
  const inline = INLINE_EXTENSION_BY_TYPE[contentType];
  if (inline) return inline;
  const named = /\.([a-z0-9]{1,10})$/.exec(fileName.toLowerCase())?.[1];
  // A name's own ".png" on a file whose content was not checked as a PNG must not make it one.
  return named && !INLINE_TYPE_BY_EXTENSION.has(named) ? named : 'bin';
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
  const ext = FILE_PATTERN.exec(file)?.[1];
  if (!ext) return null;
  if (folder === 'avatars') {
    const contentType = TYPE_BY_EXTENSION.get(ext);
    return contentType ? { folder, file, key: `${folder}/${file}`, contentType, attachment: false } : null;
  }
  if (ext.length > 10) return null;
  const inline = INLINE_TYPE_BY_EXTENSION.get(ext);
  return {
    folder: folder as MediaFolder,
    file,
    key: `${folder}/${file}`,
    contentType: inline ?? DOWNLOAD_CONTENT_TYPE,
    attachment: !inline,
  };
}

/**
 * Whether an upload URL signed for `contentType` fits `media`: an avatar's type is its
 * extension's; a file's type leads to its extension when it is shown inline, and to none of
 * those when it is a download.
 */
export function typeFitsKey(media: MediaKey, contentType: string): boolean {
  if (media.folder === 'avatars') return contentType === media.contentType;
  const inline = INLINE_EXTENSION_BY_TYPE[contentType];
  return media.attachment ? inline === undefined : inline === media.file.slice(media.file.lastIndexOf('.') + 1);
}

/** The name a download is saved as: the file's safe name without the uuid in front. */
export function downloadName(media: MediaKey): string {
  return media.file.slice(37);
}

/** The user's file name without its extension, made safe for a path and a URL ('' when nothing is left). */
function safeBaseName(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const withoutExtension = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return withoutExtension
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/-{2,}/g, '-')
    .slice(0, SAFE_BASE_MAX)
    .replace(/^[._-]+|[._-]+$/g, '');
}

/**
 * The user's file name made safe for a path and a URL: accents dropped (reunião -> reuniao), lower
 * case, [a-z0-9._-] only, and the extension of the declared type, whatever the name claimed.
 */
export function safeFileName(fileName: string, contentType: ImageContentType): string {
  return `${safeBaseName(fileName) || 'imagem'}.${EXTENSION_BY_TYPE[contentType]}`;
}

/**
 * A fresh key: the uuid makes every upload URL name a file of its own. `contentType` is an image
 * type for 'avatars' (the route checks it) and any type for 'files'.
 */
export function newMediaKey(folder: MediaFolder, fileName: string, contentType: string): MediaKey {
  if (folder === 'avatars') {
    const file = `${randomUUID()}-${safeFileName(fileName, contentType as ImageContentType)}`;
    return { folder, file, key: `${folder}/${file}`, contentType, attachment: false };
  }
  const file = `${randomUUID()}-${safeBaseName(fileName) || 'arquivo'}.${fileExtension(fileName, contentType)}`;
  return parseMediaKey(`${folder}/${file}`)!;
}
