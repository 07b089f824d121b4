// What kind of file a message carries, for its icon and how it is shown.

export type FileKind = 'pdf' | 'image' | 'video' | 'audio' | 'sheet' | 'archive' | 'text' | 'other';

const SHEETS = /spreadsheet|excel|csv/;
const ARCHIVES = /zip|compressed|tar|rar|7z|gzip/;
const TEXTS = /^text\/|wordprocessing|msword|opendocument\.text|rtf/;

export function fileKind(mimeType: string | undefined): FileKind {
  const type = (mimeType ?? '').toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (SHEETS.test(type)) return 'sheet';
  if (ARCHIVES.test(type)) return 'archive';
  if (TEXTS.test(type)) return 'text';
  return 'other';
}

/** Plays in the page: the server serves these types as themselves (everything else is a download). */
export const PLAYABLE = /^(video\/(mp4|webm|ogg|quicktime)|audio\/(webm|ogg|opus|mpeg|mp4|wav|x-wav))$/;

export const FILE_TEXTS = {
  download: (name: string) => `Baixar ${name}`,
  uploading: 'Enviando arquivo',
  cancel: 'Cancelar envio',
  pdfPreview: (name: string) => `Primeira página de ${name}`,
} as const;
