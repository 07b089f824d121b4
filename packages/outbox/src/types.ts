import type { ReplyQuote } from '@chat/contracts';

export type ChatKind = 'conversation' | 'group';

/** An image picked while it could not be uploaded: kept as a Blob until the upload succeeds. */
export interface OutboxFile {
  blob: Blob;
  name: string;
  type: string;
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
  /** An image's body is its public URL, empty until `file` is uploaded; its caption, if any, goes with it. */
  content: { type: 'text' | 'image'; body: string; caption?: string };
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
