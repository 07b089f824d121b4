import * as z from 'zod/mini';
import '../zod-locale';
import { uuidField } from './fields';

// GET /message/shared-media: what a chat's members shared, for the details panel's 'Arquivos'
// and 'Mídia' tabs.

export const SHARED_MEDIA_KINDS = ['files', 'media'] as const;
export type SharedMediaKind = (typeof SHARED_MEDIA_KINDS)[number];
export const SHARED_MEDIA_PAGE_SIZE = 30;
export const SHARED_MEDIA_LIMIT_MAX = 50;

export const SHARED_MEDIA_CHAT_MESSAGE = 'Informe uma conversa ou um grupo';
const KIND_MESSAGE = "O tipo deve ser 'files' ou 'media'";
const CURSOR_MESSAGE = 'Cursor inválido';
const LIMIT_MESSAGE = `O limite deve ser entre 1 e ${SHARED_MEDIA_LIMIT_MAX}`;

/**
 * One chat, `conversationId` or `groupId`; `kind` 'media' is images and videos (an image sent as a
 * file too), 'files' every other
 * file (documents, spreadsheets, audio files; voice notes are conversation, not shared files).
 * `before` is the previous page's `nextCursor` (newest first).
 */
export const sharedMediaQuerySchema = z
  .object({
    conversationId: z.optional(uuidField()),
    groupId: z.optional(uuidField()),
    kind: z.enum(SHARED_MEDIA_KINDS, KIND_MESSAGE),
    before: z.optional(z.string(CURSOR_MESSAGE).check(z.regex(/^\d{1,15}$/, CURSOR_MESSAGE))),
    limit: z._default(
      z.optional(
        z.coerce.number(LIMIT_MESSAGE).check(z.int(LIMIT_MESSAGE), z.gte(1, LIMIT_MESSAGE), z.lte(SHARED_MEDIA_LIMIT_MAX, LIMIT_MESSAGE)),
      ),
      SHARED_MEDIA_PAGE_SIZE,
    ),
  })
  .check(
    z.refine((query) => (query.conversationId === undefined) !== (query.groupId === undefined), {
      message: SHARED_MEDIA_CHAT_MESSAGE,
      path: ['conversationId'],
    }),
  );
export type SharedMediaQuery = z.output<typeof sharedMediaQuerySchema>;

/** A shared image or file: the message it came in (to jump to), its URL and what the file is. */
export const sharedMediaItemSchema = z.object({
  messageId: z.string(),
  type: z.enum(['image', 'file']),
  url: z.string(),
  /** Files only: the name as sent, size in bytes and stored type. */
  fileName: z.nullable(z.string()),
  size: z.nullable(z.number()),
  mimeType: z.nullable(z.string()),
  author: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
});
export type SharedMediaItem = z.infer<typeof sharedMediaItemSchema>;

export const sharedMediaPageSchema = z.object({
  items: z.array(sharedMediaItemSchema),
  /** What to pass as `before` for older items; null at the end. */
  nextCursor: z.nullable(z.string()),
});
export type SharedMediaPage = z.infer<typeof sharedMediaPageSchema>;
