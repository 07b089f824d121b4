import * as z from 'zod/mini';
import '../zod-locale';
import { IMAGE_CONTENT_TYPES, LIMITS } from '../constants';
import { ALERT_TEXTS } from '../errors';
import { uuidField } from './fields';
import { mentionsField } from './message-actions';
import { captionField, messageTextField } from './message-text';
import { durationMsField, fileNameField, fileSizeField, MIME_TYPE_PATTERN, mimeTypeField } from './media-files';

export { CAPTION_NOT_VISIBLE, CAPTION_TOO_LONG, MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from './message-text';

/** The message box. */
export const messageFormSchema = z.object({ text: messageTextField() });
export type MessageFormInput = z.infer<typeof messageFormSchema>;

/** The caption field of an image about to be sent. */
export const imageCaptionFormSchema = z.object({ caption: captionField() });

// Only http(s): an image body is rendered as <img src>, so javascript: or data: URLs are refused.
const imageUrlField = () =>
  z.url({ protocol: /^https?$/, error: 'URL da imagem inválida' }).check(z.maxLength(2048, 'URL da imagem inválida'));
const fileUrlField = () =>
  z.url({ protocol: /^https?$/, error: 'URL do arquivo inválida' }).check(z.maxLength(2048, 'URL do arquivo inválida'));

export const messageContentSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('text'), body: messageTextField() }),
    z.object({ type: z.literal('image'), body: imageUrlField(), caption: z.optional(captionField()) }),
    // A file of any kind and a voice note: `body` stays the URL. The server takes size and type
    // from the stored upload, whatever the browser said.
    z.object({
      type: z.literal('file'),
      body: fileUrlField(),
      fileName: fileNameField(),
      size: fileSizeField(),
      mimeType: mimeTypeField(),
    }),
    z.object({
      type: z.literal('audio'),
      body: fileUrlField(),
      fileName: fileNameField(),
      size: fileSizeField(),
      mimeType: mimeTypeField(),
      durationMs: durationMsField(),
    }),
  ],
  { error: 'Tipo de conteúdo inválido' },
);
export type MessageContentInput = z.infer<typeof messageContentSchema>;

/**
 * Body of POST /message/send. `conversationId` holds the group id when `isGroup` is true.
 * The server is idempotent on (author, clientId). `replyToId` quotes a message of the
 * same chat; `mentions` (groups only) lists the members whose `<@id>` tokens the text carries.
 */
export const sendMessageBodySchema = z.object({
  conversationId: uuidField(),
  isGroup: z.boolean('isGroup deve ser verdadeiro ou falso'),
  content: messageContentSchema,
  clientId: z
    .string('Identificador do cliente inválido')
    .check(z.minLength(1, 'Identificador do cliente inválido'), z.maxLength(100, 'Identificador do cliente inválido')),
  replyToId: z.optional(uuidField()),
  mentions: z.optional(mentionsField()),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/**
 * Folders a public media URL may be generated for: 'avatars' for photos and images in messages
 * (images only, 10 MB), 'files' for files and voice notes (any type, MAX_FILE_MB). The folder
 * decides the limits.
 */
export const MEDIA_FOLDERS = ['avatars', 'files'] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];

/** Body of POST /cloud/generate-public-media-url. */
export const generatePublicMediaUrlBodySchema = z
  .object({
    fileName: z
      .string('Nome do arquivo inválido')
      .check(z.trim(), z.minLength(1, 'Nome do arquivo inválido'), z.maxLength(255, 'Nome do arquivo deve ter no máximo 255 caracteres')),
    contentType: z.string(ALERT_TEXTS.invalidFileType),
    folder: z.enum(MEDIA_FOLDERS, { error: 'Pasta inválida' }),
    /** The file's size, when known: a file over the limit or the workspace's quota is refused before its upload. */
    size: z.optional(fileSizeField()),
  })
  .check(
    // Photos take the four image types; files any type, which the server stores and serves safely.
    z.refine(
      (b) =>
        b.folder === 'avatars'
          ? (IMAGE_CONTENT_TYPES as readonly string[]).includes(b.contentType)
          : MIME_TYPE_PATTERN.test(b.contentType.toLowerCase()),
      {
        error: ALERT_TEXTS.invalidFileType,
        path: ['contentType'],
      },
    ),
  );
export type GeneratePublicMediaUrlBody = z.infer<typeof generatePublicMediaUrlBodySchema>;

/**
 * `url`: the signed upload URL. With media in an S3-compatible bucket it is the bucket's presigned
 * PUT, and two more fields come: `headers`, which the PUT must carry as they are (they are part of
 * its signature), and `publicUrl`, where the file is read (the upload URL without its query, or
 * the CDN in front of the bucket).
 */
export const generatePublicMediaUrlResponseSchema = z.object({
  url: z.string(),
  // A string-to-string map written as an object with a catch-all: the same check as z.record,
  // without pulling z.record's class into the sign-in page's copy of zod.
  headers: z.optional(z.catchall(z.object({}), z.string())),
  publicUrl: z.optional(z.string()),
});
export type GeneratePublicMediaUrlResponse = z.infer<typeof generatePublicMediaUrlResponseSchema>;

/** The public image URL is the signed upload URL without its query string. */
export function publicUrlFromUploadUrl(uploadUrl: string): string {
  const cut = uploadUrl.search(/[?#]/);
  return cut === -1 ? uploadUrl : uploadUrl.slice(0, cut);
}

/** Where an uploaded file is read: the answer's publicUrl when it names one, else the upload URL without its query. */
export function publicUrlOfUpload(answer: { url: string; publicUrl?: string | undefined }): string {
  return answer.publicUrl ?? publicUrlFromUploadUrl(answer.url);
}

export type ImageUploadAlert = typeof ALERT_TEXTS.invalidFileType | typeof ALERT_TEXTS.fileTooLarge;

/**
 * Checks a picked file before upload: null when it may be sent, else the alert text.
 * The original spec says image/*; we accept the image types the server stores (PNG, JPEG, GIF,
 * WebP, never SVG), so an image the server would refuse is stopped here with the same alert.
 */
export function validateImageFile(file: { type: string; size: number }): ImageUploadAlert | null {
  const type = file.type.toLowerCase();
  if (!type.startsWith('image/') || !(IMAGE_CONTENT_TYPES as readonly string[]).includes(type)) {
    return ALERT_TEXTS.invalidFileType;
  }
  if (file.size > LIMITS.imageMaxBytes) return ALERT_TEXTS.fileTooLarge;
  return null;
}
