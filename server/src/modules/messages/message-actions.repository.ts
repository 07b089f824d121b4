import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groups, type MessageRow, messageColumns, messageReactions, messages, users } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { MessageWithAuthor } from './message-entity';
import { selectMessages } from './messages.repository';

// Edit, delete and reactions of one message.

export async function findMessage(db: Db, id: string): Promise<MessageWithAuthor | null> {
  const [row] = await selectMessages(db, { where: eq(messages.id, id), limit: 1 });
  return row ?? null;
}

/** New text (and mentions) of a message not deleted; null when it was deleted meanwhile. */
export async function updateText(db: Db, id: string, body: string, mentions: string[]): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({ body, mentions, editedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
    .returning(messageColumns);
  return row ?? null;
}

/**
 * Deletes the content for everyone: the row stays (replies and the history's order refer to it)
 * with an empty body, no mentions and no reactions. Null when it was already deleted.
 */
export function markDeleted(db: Db, id: string, byId: string): Promise<MessageRow | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({
        body: '',
        caption: null,
        fileName: null,
        fileSize: null,
        mimeType: null,
        durationMs: null,
        mentions: [],
        deletedAt: sql`now()`,
        deletedById: byId,
        updatedAt: sql`now()`,
      })
      .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
      .returning(messageColumns);
    if (row) await tx.delete(messageReactions).where(eq(messageReactions.messageId, id));
    return row ?? null;
  });
}

/**
 * The image messages but one that show this URL: an index lookup (messages_image_body_idx, whose
 * predicate is spelled here as a literal so that the planner always matches it), never a scan of
 * the message bodies.
 */
function imageMessagesShowing(db: Db, url: string, exceptMessageId: string) {
  return db
    .select({ one: sql`1` })
    .from(messages)
    .where(and(sql`${messages.contentType} = 'image'`, eq(messages.body, url), ne(messages.id, exceptMessageId)))
    .limit(1);
}

/** The file and voice-note messages but one that show this URL (messages_file_body_idx, as above). */
function fileMessagesShowing(db: Db, url: string, exceptMessageId: string) {
  return db
    .select({ one: sql`1` })
    .from(messages)
    .where(and(sql`${messages.fileName} IS NOT NULL`, eq(messages.body, url), ne(messages.id, exceptMessageId)))
    .limit(1);
}

/**
 * The lookups that find where else an uploaded file's URL is shown (another message, a member's or
 * a group's photo); each an index lookup. Exported for the test of their plans.
 */
export function mediaUrlLookups(db: Db, url: string, exceptMessageId: string) {
  return [
    imageMessagesShowing(db, url, exceptMessageId),
    fileMessagesShowing(db, url, exceptMessageId),
    db
      .select({ one: sql`1` })
      .from(users)
      .where(eq(users.avatarUrl, url))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(groups)
      .where(eq(groups.avatarUrl, url))
      .limit(1),
  ];
}

/** Whether an uploaded file's URL is still shown somewhere else. */
export async function mediaUrlInUse(db: Db, url: string, exceptMessageId: string): Promise<boolean> {
  for (const lookup of mediaUrlLookups(db, url, exceptMessageId)) if ((await lookup).length > 0) return true;
  return false;
}

export type AddReactionResult = 'added' | 'unchanged' | 'deleted' | 'limit';

/**
 * Adds the user's emoji to a message. The message row is locked for the count, so two people adding
 * the 20th and 21st distinct emoji at once cannot pass the limit together.
 */
export function addReaction(db: Db, messageId: string, userId: string, emoji: string, maxDistinct: number): Promise<AddReactionResult> {
  return inTransaction(db, async (tx) => {
    const [message] = await tx.select({ deletedAt: messages.deletedAt }).from(messages).where(eq(messages.id, messageId)).for('update');
    if (!message || message.deletedAt) return 'deleted';
    const present = await tx
      .selectDistinct({ emoji: messageReactions.emoji })
      .from(messageReactions)
      .where(eq(messageReactions.messageId, messageId));
    if (!present.some((p) => p.emoji === emoji) && present.length >= maxDistinct) return 'limit';
    const inserted = await tx
      .insert(messageReactions)
      .values({ messageId, userId, emoji })
      .onConflictDoNothing()
      .returning({ emoji: messageReactions.emoji });
    return inserted.length > 0 ? 'added' : 'unchanged';
  });
}

export async function removeReaction(db: Db, messageId: string, userId: string, emoji: string): Promise<boolean> {
  const rows = await db
    .delete(messageReactions)
    .where(and(eq(messageReactions.messageId, messageId), eq(messageReactions.userId, userId), eq(messageReactions.emoji, emoji)))
    .returning({ emoji: messageReactions.emoji });
  return rows.length > 0;
}
