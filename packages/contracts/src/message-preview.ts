import { MENTION_TOKEN_PATTERN } from './mentions';

// What a message reads as in one line, when its body is no text to show: the chat list's preview,
// a quote, a notification. Text (and a group's own lines) are the caller's to format, except in
// previewLine, the whole line of a message shown away from its chat.

export const IMAGE_PREVIEW_TEXT = 'Imagem';
export const VOICE_NOTE_PREVIEW_PREFIX = 'Mensagem de voz';
export const FILE_PREVIEW_FALLBACK = 'Arquivo';

/** "0:42", "12:05": minutes and seconds, as a voice note's timer shows them. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

export interface PreviewableContent {
  type: string;
  fileName?: string;
  durationMs?: number;
}

/** 'Imagem', 'Mensagem de voz (0:42)', the file's name; null for text and anything else. */
export function mediaPreviewText(content: PreviewableContent): string | null {
  switch (content.type) {
    case 'image':
      return IMAGE_PREVIEW_TEXT;
    case 'audio':
      return content.durationMs === undefined
        ? VOICE_NOTE_PREVIEW_PREFIX
        : `${VOICE_NOTE_PREVIEW_PREFIX} (${formatDuration(content.durationMs)})`;
    case 'file':
      return content.fileName || FILE_PREVIEW_FALLBACK;
    default:
      return null;
  }
}

/** "2,4 MB", "830 KB", "12 bytes": a file's size as the card shows it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} KB`;
  const mb = kb / 1024;
  return `${(mb < 10 ? mb.toFixed(1) : Math.round(mb).toString()).replace('.', ',')} MB`;
}

/** A message's content as a notification or a digest shows it in one line. */
export interface PreviewLineContent extends PreviewableContent {
  body: string;
  caption?: string | null;
}

/**
 * One line for a message away from the chat (a push, an e-mail): its text with each mention as
 * '@Name' (`names` by lower-case user id), or what the chat list says for the rest ('Imagem' with
 * its caption, a file's name, 'Mensagem de voz (0:42)').
 */
export function previewLine(content: PreviewLineContent, names: ReadonlyMap<string, string>): string {
  const media = mediaPreviewText(content);
  if (media !== null) return content.type === 'image' && content.caption ? `${media}: ${content.caption}` : media;
  return content.body.replace(MENTION_TOKEN_PATTERN, (_m, target: string) =>
    target.toLowerCase() === 'todos' ? '@todos' : `@${names.get(target.toLowerCase()) ?? ''}`,
  );
}
