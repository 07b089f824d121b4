// The content types and which of them count as unread, without zod: the chat list's first
// screen needs them and no schema (zod would be most of its first file's weight).

/**
 * 'system': a line the server writes itself in a group (created, added, removed, left...); its
 * body is a SystemLine as JSON (system-line.ts). Nobody sends one.
 */
export const CONTENT_TYPES = ['text', 'image', 'system', 'file', 'audio'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * The content types people write. Only these count as unread, on the server and in the page,
 * listed rather than excluded: a line the product writes itself into a chat (a group's event)
 * is a type of its own and is never unread.
 */
export const UNREAD_CONTENT_TYPES = ['text', 'image', 'file', 'audio'] as const satisfies readonly ContentType[];

/** A message of this type counts as unread until read (UNREAD_CONTENT_TYPES). */
export const countsTowardUnread = (type: string): boolean => (UNREAD_CONTENT_TYPES as readonly string[]).includes(type);
