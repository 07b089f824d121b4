import type { ReplyQuote } from '@chat/contracts';

export type ChatKind = 'conversation' | 'group';

/** An image, file or voice note picked while it could not be uploaded: kept as a Blob until the upload succeeds. */
export interface OutboxFile {
  blob: Blob;
  name: string;
  type: string;
  /** Where it is uploaded: 'files' for files and voice notes; images (and entries kept before) go to 'avatars'. */
  folder?: 'files';
}

/**
 * One message waiting in the outbox. `clientId` is the send's idempotency key (the server keeps
 * one message per author and clientId), so sending an entry again never doubles it. `order` is
 * when it was written: entries of one chat go out in that order.
 */
export interface OutboxEntry {
  clientId: string;
  chatKind: ChatKind;
  chatId: string;
  /**
   * An image's, a file's and a voice note's body is its public URL, empty until `file` is
   * uploaded; an image's caption, a file's name, size and type, a voice note's length go with it.
   */
  content: {
    type: 'text' | 'image' | 'file' | 'audio';
    body: string;
    caption?: string;
    fileName?: string;
    size?: number;
    mimeType?: string;
    durationMs?: number;
  };
  file?: OutboxFile | null;
  replyTo: ReplyQuote | null;
  mentions: string[];
  createdAt: string;
  order: number;
  /** 'refused': the server said no (4xx); it waits for 'Tentar novamente' or 'Apagar'. */
  state: 'queued' | 'refused';
  /** The server's own words when it refused. */
  reason?: string | null;
}

/** What is typed in one chat's box and not sent yet; `key` is `draftKey(kind, chatId)`. */
export interface Draft {
  key: string;
  /** The text as it would be sent (mentions as `<@id>` tokens). */
  text: string;
  replyTo: ReplyQuote | null;
  updatedAt: string;
}

export const draftKey = (kind: ChatKind, chatId: string) => `${kind}:${chatId}`;
