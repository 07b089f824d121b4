import { type Message, MESSAGE_ACTION_ERRORS, type MessagesPage, type SendMessageBody } from '@chat/contracts';
import type { Env } from '../../config/env';
import type { Db, Engine } from '../../db/client';
import { isNotNullViolation } from '../../lib/db-errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { CONVERSATION_NOT_FOUND } from '../conversations/conversations.service';
import { findMembership, memberIds } from '../groups/groups.repository';
import { GROUP_NOT_FOUND } from '../groups/group-views';
import type { MediaStore } from '../media/media-store';
import type { ChatEvents } from '../realtime/chat-events';
import type { ConversationParticipants } from '../realtime/conversation-participants';
import type { GroupReads } from '../realtime/group-reads';
import type { Presence } from '../realtime/presence';
import type { UserWithWorkspace } from '../users/user-entity';
import { type HistoryWindow, windowAfter, windowAround } from './history-window';
import { findMessage } from './message-actions.repository';
import { MessageCommits } from './message-commits';
import { storableContent } from './message-content';
import { type MessageWithAuthor, type ReplyFields, toMessageEntity } from './message-entity';
import * as repo from './messages.repository';
import { checkMentions } from './mentions';
import { NewestPages } from './newest-pages';

export const INVALID_CURSOR = 'Cursor inválido';
export const CLIENT_ID_REUSED = 'Identificador do cliente já usado em outra conversa';

export interface HistoryQuery {
  all?: boolean;
  before?: string;
  /** Forward paging from a window opened with `around`. */
  after?: string;
  around?: string;
  limit: number;
}

/**
 * An incoming webhook posting through a member (the one its message is stored under): shown under
 * its name and avatar, and heard, counted unread and notified by that member too.
 */
export interface BotAuthor {
  webhookId: string;
  name: string;
  avatarUrl: string | null;
}

/** The chat a message goes to, with everyone who takes part in it (author included). */
interface Audience {
  target: repo.ChatTarget;
  participantIds: string[];
}

export class MessagesService {
  /** This process's group commit of sends (one service per app, built by the messages routes). */
  private readonly commits: MessageCommits;
  /** The newest pages, read together when many ask at once (a reconnection wave's catch-up). */
  private readonly newest: NewestPages;

  constructor(
    private readonly db: Db,
    private readonly events: ChatEvents,
    private readonly presence: Presence,
    private readonly participants: ConversationParticipants,
    private readonly media: { env: Pick<Env, 'appUrl' | 'maxFileMb'>; store: MediaStore },
    engine: Engine,
    private readonly groupReads: GroupReads,
    /** Told of each new message and which recipients had no socket open (Web Push, off the request's path). */
    private readonly onStored: (message: Message, offline: readonly string[]) => void = () => undefined,
  ) {
    this.commits = new MessageCommits(db, events, engine);
    this.newest = new NewestPages(db);
  }

  /**
   * Oldest first. `all` returns everything; otherwise the `limit` messages before the `before`
   * cursor (a seq, as nextCursor gives it, or a message id), newest page when absent.
   */
  async history(viewer: UserWithWorkspace, chat: repo.ChatTarget, query: HistoryQuery): Promise<MessagesPage> {
    const isGroup = 'groupId' in chat;
    const { target } = await this.audience(viewer, isGroup, isGroup ? chat.groupId : chat.conversationId);
    if (query.all) {
      const rows = await repo.allMessages(this.db, target);
      return { messages: rows.map(toMessageEntity), hasMore: false, nextCursor: null };
    }
    if (query.around !== undefined || query.after !== undefined) return this.window(target, query);
    // One extra row tells whether an older page exists without a count(*).
    const rows =
      query.before === undefined
        ? await this.newest.of(target, query.limit + 1)
        : await repo.messagesBefore(this.db, target, await this.cursorSeq(target, query.before), query.limit + 1);
    const hasMore = rows.length > query.limit;
    const page = rows.slice(0, query.limit).reverse();
    return {
      messages: page.map(toMessageEntity),
      hasMore,
      nextCursor: hasMore && page[0] ? String(page[0].message.seq) : null,
    };
  }

  /** A window around a message (404 when it is not in this chat) or the page after a cursor. */
  private async window(target: repo.ChatTarget, query: HistoryQuery): Promise<MessagesPage> {
    let found: HistoryWindow;
    if (query.around !== undefined) {
      const seq = await repo.seqOf(this.db, target, query.around);
      if (seq === null) throw notFound(MESSAGE_ACTION_ERRORS.messageNotFound);
      found = await windowAround(this.db, target, seq, query.limit);
    } else {
      found = await windowAfter(this.db, target, await this.cursorSeq(target, query.after!), query.limit);
    }
    const { rows, hasMore, hasNewer } = found;
    return {
      messages: rows.map(toMessageEntity),
      hasMore,
      nextCursor: hasMore && rows[0] ? String(rows[0].message.seq) : null,
      hasNewer,
      newerCursor: hasNewer && rows.length > 0 ? String(rows.at(-1)!.message.seq) : null,
    };
  }

  /**
   * Idempotent on (author, clientId): a retry gets the stored message back, and its `message` is
   * emitted again (pages merge it by id). Status is DELIVERED when someone else in the chat has a
   * socket open, else SENT. The checks run per send; the storing is shared with the sends
   * arriving meanwhile (MessageCommits), and the answer and the `message` event come after that
   * commit.
   *
   * `recheck` is given when the viewer came from this process's cache (requireAuth's cachedUser):
   * the INSERT confirms the author (author-guard.ts), and when it does not, the send is redone
   * once with the user read fresh (or refused as requireAuth would).
   */
  async send(
    viewer: UserWithWorkspace,
    body: SendMessageBody,
    recheck: (() => Promise<UserWithWorkspace>) | null = null,
    bot: BotAuthor | null = null,
  ): Promise<Message> {
    if (!recheck) return this.sendAs(viewer, body, false, bot);
    try {
      return await this.sendAs(viewer, body, true, bot);
    } catch (error) {
      if (!isNotNullViolation(error, 'author_id')) throw error;
      return this.sendAs(await recheck(), body, false, bot);
    }
  }

  private async sendAs(viewer: UserWithWorkspace, body: SendMessageBody, guarded: boolean, bot: BotAuthor | null): Promise<Message> {
    const { target, participantIds } = await this.audience(viewer, body.isGroup, body.conversationId);
    const stored = await storableContent(body.content, viewer, { db: this.db, ...this.media });
    const mentions = await checkMentions(viewer.id, body.mentions, {
      isGroup: body.isGroup,
      contentType: body.content.type,
      text: body.content.body,
      memberIds: participantIds,
      isAdmin: async () => !!(await findMembership(this.db, body.conversationId, viewer.id))?.isAdmin,
    });
    const reply = body.replyToId === undefined ? null : await this.quotable(body.replyToId, target);

    // Insert first and let the unique (author, clientId) index spot a retry: the usual first
    // attempt costs no extra lookup, and two simultaneous attempts still store one row.
    // A webhook's message is news to every member, the one it is stored under included.
    const recipients = bot ? participantIds : participantIds.filter((id) => id !== viewer.id);
    const online = await this.presence.onlineAmong(recipients);
    const committed = await this.commits.submit({
      values: {
        authorId: viewer.id,
        ...target,
        contentType: body.content.type,
        body: body.content.body,
        ...stored,
        status: online.size > 0 ? 'DELIVERED' : 'SENT',
        clientId: body.clientId,
        replyToId: reply?.id ?? null,
        mentions,
        ...(bot ? { webhookId: bot.webhookId, botName: bot.name, botAvatarUrl: bot.avatarUrl } : {}),
      },
      authorGuard: guarded
        ? { id: viewer.id, role: viewer.role, passwordHash: viewer.passwordHash, name: viewer.name, avatarUrl: viewer.avatarUrl }
        : null,
      author: { id: viewer.id, name: viewer.name, avatarUrl: viewer.avatarUrl },
      reply,
      // Recipients first: the event is written to each socket in this order, and the author's own
      // tab also has the HTTP answer coming, so the peer's frame does not wait behind the author's.
      audience: bot ? recipients : [...recipients, viewer.id],
      // Group members online now have it delivered ('Entregue a'); conversations keep it in the status.
      deliveredTo: body.isGroup ? [...online] : [],
    });
    if ('inserted' in committed) {
      const { inserted } = committed;
      // Posting reads the group (as it does elsewhere): the author's read watermark passes the
      // message, which then awaits only the other members' reads for its highlighted tick. Queued
      // before the answer, so any read that follows it on this process comes after it.
      if (body.isGroup && !bot) this.readOwnSend(body.conversationId, viewer.id, inserted.id);
      this.onStored(
        inserted,
        recipients.filter((id) => !online.has(id)),
      );
      // Nobody was online at the lookup: whoever came online since then (after an outage of the
      // presence store, a whole process's users at once) had their SENT messages marked before
      // this one existed. Asked again after the commit, whatever the order of the two, one of
      // them sees the other.
      if (inserted.status === 'SENT' && (await this.presence.deliverToOnline(recipients))) return { ...inserted, status: 'DELIVERED' };
      return inserted;
    }
    if (!committed.stored) throw conflict(CLIENT_ID_REUSED);
    const replayed = this.replay(committed.stored, target);
    // Announced again: the first attempt may have been committed by a process that died before
    // emitting it, or its event lost between processes. Pages merge a message by id, so one that
    // had it already shows it, counts it and notifies it once.
    this.events.toUsers(bot ? recipients : [...recipients, viewer.id], 'message', replayed);
    return replayed;
  }

  private readOwnSend(groupId: string, authorId: string, messageId: string): void {
    // The queue retries a failed batch once; what still fails is left to the author's next read.
    this.groupReads.submit({ groupId, userId: authorId, messageId, announce: false }).catch(() => undefined);
  }

  /** The quoted message of a reply: a message of the same chat (else 404, as for any message not seen). */
  private async quotable(id: string, target: repo.ChatTarget): Promise<ReplyFields> {
    const found = await findMessage(this.db, id);
    const m = found?.message;
    const sameChat = m && ('conversationId' in target ? m.conversationId === target.conversationId : m.groupId === target.groupId);
    // A system line is no one's message to answer.
    if (!found || !sameChat || m.contentType === 'system') throw notFound(MESSAGE_ACTION_ERRORS.replyNotFound);
    return { id: m.id, authorId: m.authorId, authorName: found.author.name, body: m.body, type: m.contentType, deletedAt: m.deletedAt };
  }

  private replay(stored: MessageWithAuthor, target: repo.ChatTarget): Message {
    const sameChat =
      'conversationId' in target ? stored.message.conversationId === target.conversationId : stored.message.groupId === target.groupId;
    if (!sameChat) throw conflict(CLIENT_ID_REUSED);
    return toMessageEntity(stored);
  }

  /**
   * Only participants (conversations) and members (groups) read or post; 404 for anyone else.
   * One query for a group (its members, who change), none for a known conversation (cached pair).
   */
  private async audience(viewer: UserWithWorkspace, isGroup: boolean, chatId: string): Promise<Audience> {
    if (isGroup) {
      const members = await memberIds(this.db, chatId);
      if (!members.includes(viewer.id)) throw notFound(GROUP_NOT_FOUND);
      return { target: { groupId: chatId }, participantIds: members };
    }
    const other = await this.participants.otherOf(chatId, viewer.id);
    if (!other) throw notFound(CONVERSATION_NOT_FOUND);
    return { target: { conversationId: chatId }, participantIds: [viewer.id, other] };
  }

  private async cursorSeq(target: repo.ChatTarget, before: string): Promise<number> {
    if (/^\d{1,15}$/.test(before)) return Number(before);
    const seq = isUuid(before) ? await repo.seqOf(this.db, target, before) : null;
    if (seq === null) throw badRequest(INVALID_CURSOR);
    return seq;
  }
}
