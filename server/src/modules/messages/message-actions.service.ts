import {
  type ContentType,
  type EditMessageBody,
  type Message,
  MESSAGE_ACTION_ERRORS,
  MESSAGE_ACTION_LIMITS,
  type MessageReactionEvent,
  type MessageReceipts,
} from '@chat/contracts';
import type { Env } from '../../config/env';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { findMembership, memberIds } from '../groups/groups.repository';
import type { MediaStore } from '../media/media-store';
import type { ChatEvents } from '../realtime/chat-events';
import type { ConversationParticipants } from '../realtime/conversation-participants';
import type { UserWithWorkspace } from '../users/user-entity';
import { findUsersByIds } from '../users/user-lookups.repository';
import { deleteForEveryone } from './delete-for-everyone';
import { receiptsOf } from './group-receipts.repository';
import * as repo from './message-actions.repository';
import { type MessageWithAuthor, toMessageEntity } from './message-entity';
import { checkMentions } from './mentions';

const E = MESSAGE_ACTION_ERRORS;

/** A message the viewer may see, with who takes part in its chat. */
interface Visible {
  row: MessageWithAuthor;
  participantIds: string[];
  /** Group admin of the message's group (false in conversations). */
  isGroupAdmin: boolean;
}

/**
 * Edit, delete, reactions and receipts of one message. Only participants of its chat
 * see it (404 for anyone else, as if it did not exist); edits and deletes are idempotent and
 * announced only when they change something.
 */
/** Why a message of each type other than text cannot be edited, naming what it is. */
const NOT_EDITABLE: Record<Exclude<ContentType, 'text'>, string> = {
  image: E.editImage,
  file: E.editFile,
  audio: E.editAudio,
  system: E.systemLine,
};

export class MessageActionsService {
  constructor(
    private readonly db: Db,
    private readonly events: ChatEvents,
    private readonly participants: ConversationParticipants,
    private readonly media: { env: Pick<Env, 'appUrl' | 'maxFileMb'>; store: MediaStore },
  ) {}

  /** Own text messages only; the same text (and mentions) again changes nothing. */
  async edit(viewer: UserWithWorkspace, id: string, body: EditMessageBody): Promise<Message> {
    const { row, participantIds, isGroupAdmin } = await this.visible(viewer, id);
    const m = row.message;
    // A webhook's message is nobody's to edit, the member it is stored under included.
    if (m.authorId !== viewer.id || m.webhookId !== null) throw forbidden(E.editOthers);
    if (m.deletedAt) throw conflict(E.editDeleted);
    if (m.contentType !== 'text') throw forbidden(NOT_EDITABLE[m.contentType]);
    const mentions = await checkMentions(viewer.id, body.mentions, {
      isGroup: m.groupId !== null,
      contentType: 'text',
      text: body.body,
      memberIds: participantIds,
      isAdmin: () => Promise.resolve(isGroupAdmin),
    });
    if (m.body === body.body && sameSet(m.mentions, mentions)) return this.entity(row);
    const updated = await repo.updateText(this.db, id, body.body, mentions);
    if (!updated) throw conflict(E.editDeleted);
    const message = this.entity({ ...row, message: updated });
    this.events.toUsers(participantIds, 'message:updated', message);
    return message;
  }

  /**
   * For everyone: the author, or a group admin on any message of the group. The content leaves
   * the database (and so search); an uploaded image leaves the media store unless shown elsewhere.
   * Deleting a deleted message answers it again.
   */
  async delete(viewer: UserWithWorkspace, id: string): Promise<Message> {
    const { row, participantIds, isGroupAdmin } = await this.visible(viewer, id);
    const m = row.message;
    if ((m.authorId !== viewer.id || m.webhookId !== null) && !isGroupAdmin) throw forbidden(E.deleteOthers);
    if (m.deletedAt) return this.entity(row);
    const deleted = await deleteForEveryone({ db: this.db, events: this.events, media: this.media }, row, participantIds, viewer.id);
    return deleted ?? this.entity((await repo.findMessage(this.db, id)) ?? row);
  }

  async react(viewer: UserWithWorkspace, id: string, emoji: string): Promise<MessageReactionEvent> {
    const { row, participantIds } = await this.visible(viewer, id);
    const result = await repo.addReaction(this.db, id, viewer.id, emoji, MESSAGE_ACTION_LIMITS.reactionsPerMessage);
    if (result === 'deleted') throw conflict(E.reactDeleted);
    if (result === 'limit') throw conflict(E.tooManyReactions);
    return this.reactionsChanged(row, participantIds, result === 'added');
  }

  async unreact(viewer: UserWithWorkspace, id: string, emoji: string): Promise<MessageReactionEvent> {
    const { row, participantIds } = await this.visible(viewer, id);
    const removed = await repo.removeReaction(this.db, id, viewer.id, emoji);
    return this.reactionsChanged(row, participantIds, removed);
  }

  /**
   * 'Lida por' and 'Entregue a' of the viewer's own message. In a group, from its current members'
   * watermarks and the minutes they moved (receiptsOf); in a conversation, from the message's status.
   */
  async receipts(viewer: UserWithWorkspace, id: string): Promise<MessageReceipts> {
    const { row, participantIds } = await this.visible(viewer, id);
    const m = row.message;
    if (m.authorId !== viewer.id) throw forbidden(E.receiptsOthers);
    if (m.groupId) {
      const people = await receiptsOf(this.db, { id, groupId: m.groupId, authorId: m.authorId, seq: m.seq, createdAt: m.createdAt });
      return {
        messageId: id,
        readBy: people.filter((p) => p.readAt).map((p) => ({ user: p.user, at: p.readAt!.toISOString() })),
        deliveredTo: people.filter((p) => !p.readAt).map((p) => ({ user: p.user, at: p.deliveredAt!.toISOString() })),
      };
    }
    return { messageId: id, readBy: [], deliveredTo: [], ...(await this.conversationReceipt(row, participantIds)) };
  }

  private async conversationReceipt(row: MessageWithAuthor, participantIds: string[]): Promise<Partial<MessageReceipts>> {
    const m = row.message;
    if (m.status === 'SENT') return {};
    const otherId = participantIds.find((p) => p !== m.authorId);
    const other = otherId ? (await findUsersByIds(this.db, [otherId])).get(otherId) : undefined;
    if (!other) return {};
    const entry = [{ user: { id: other.id, name: other.name, avatarUrl: other.avatarUrl }, at: m.updatedAt.toISOString() }];
    return m.status === 'READ' ? { readBy: entry } : { deliveredTo: entry };
  }

  private async reactionsChanged(row: MessageWithAuthor, participantIds: string[], changed: boolean): Promise<MessageReactionEvent> {
    const m = row.message;
    const reactions = (await repo.findMessage(this.db, m.id))?.reactions ?? [];
    const event = { messageId: m.id, conversationId: m.conversationId, groupId: m.groupId, reactions };
    if (changed) this.events.toUsers(participantIds, 'message:reaction', event);
    return event;
  }

  /** Rows come from findMessage, reactions included (an edit or a delete leaves them as read). */
  private entity(row: MessageWithAuthor): Message {
    return toMessageEntity(row);
  }

  /** The message when the viewer takes part in its chat (404 otherwise, the same answer as for no message). */
  private async visible(viewer: UserWithWorkspace, id: string): Promise<Visible> {
    const row = await repo.findMessage(this.db, id);
    const m = row?.message;
    if (!row || !m) throw notFound(E.messageNotFound);
    // The group's own lines are its record: nobody edits, deletes, reacts to or reads receipts of them.
    if (m.contentType === 'system') throw forbidden(E.systemLine);
    if (m.conversationId) {
      const other = await this.participants.otherOf(m.conversationId, viewer.id);
      if (!other) throw notFound(E.messageNotFound);
      return { row, participantIds: [viewer.id, other], isGroupAdmin: false };
    }
    const membership = await findMembership(this.db, m.groupId!, viewer.id);
    if (!membership) throw notFound(E.messageNotFound);
    return { row, participantIds: await memberIds(this.db, m.groupId!), isGroupAdmin: membership.isAdmin };
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
