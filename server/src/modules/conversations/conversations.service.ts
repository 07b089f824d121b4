import type { ChatListPage, Conversation } from '@chat/contracts';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { toLastMessage } from '../messages/message-entity';
import type { ChatEvents } from '../realtime/chat-events';
import { toUserEntity, type UserWithWorkspace } from '../users/user-entity';
import { findUsersByIds } from '../users/user-lookups.repository';
import {
  conversationIdIs,
  conversationMatches,
  conversationPage,
  type ConversationSummaryRow,
  conversationSummaries,
  findConversationBetween,
  findConversationFor,
  insertConversation,
  setConversationMuted,
} from './conversations.repository';
import { ConversationLists } from './conversation-lists';

export const CONVERSATION_NOT_FOUND = 'Conversa não encontrada';
export const USER_NOT_FOUND = 'Usuário não encontrado';
export const SELF_CONVERSATION = 'Você não pode iniciar uma conversa consigo mesmo';

/** Someone the viewer may talk to: active and in the viewer's workspace (else a 404, no leak). */
export function isReachable(viewer: UserWithWorkspace, other: UserWithWorkspace | undefined): other is UserWithWorkspace {
  return !!other && other.active && !!viewer.workspaceId && other.workspaceId === viewer.workspaceId;
}

export class ConversationsService {
  private readonly lists: ConversationLists;

  constructor(
    private readonly db: Db,
    private readonly events: ChatEvents,
  ) {
    this.lists = new ConversationLists(db);
  }

  /** GET /conversation/get-conversations: without showEmpty, conversations with no message are left out. */
  async list(viewer: UserWithWorkspace, showEmpty: boolean, page?: ChatListPage): Promise<Conversation[]> {
    // A page (the sidebar) is its own statement; the whole list (API clients) keeps the batched read.
    if (page && (page.limit !== null || page.before)) return this.toEntities(await conversationPage(this.db, viewer.id, page, !showEmpty));
    const { rows, people } = await this.lists.of(viewer.id);
    return this.entities(showEmpty ? rows : rows.filter((r) => r.last?.body != null), people);
  }

  async getById(viewer: UserWithWorkspace, id: string): Promise<Conversation> {
    const row = await findConversationFor(this.db, id, viewer.id);
    if (!row) throw notFound(CONVERSATION_NOT_FOUND);
    return this.summaryOf(viewer.id, row.id);
  }

  async search(viewer: UserWithWorkspace, content: string): Promise<Conversation[]> {
    return this.toEntities(await conversationSummaries(this.db, viewer.id, conversationMatches(this.db, viewer.id, content)));
  }

  /**
   * Returns the pair's conversation, creating it (with the viewer as userOne) when there is none.
   * Both participants hear `conversation` only when it is new.
   */
  async create(viewer: UserWithWorkspace, userTwoId: string): Promise<Conversation> {
    if (userTwoId === viewer.id) throw badRequest(SELF_CONVERSATION);
    const other = (await findUsersByIds(this.db, [userTwoId])).get(userTwoId);
    if (!isReachable(viewer, other)) throw notFound(USER_NOT_FOUND);

    const existing = await findConversationBetween(this.db, viewer.id, userTwoId);
    if (existing) return this.summaryOf(viewer.id, existing.id);
    const created = await insertConversation(this.db, viewer.id, userTwoId);
    // Lost a race with the other user's (or another tab's) create: theirs is the conversation.
    const row = created ?? (await findConversationBetween(this.db, viewer.id, userTwoId));
    if (!row) throw notFound(CONVERSATION_NOT_FOUND);
    const conversation = await this.summaryOf(viewer.id, row.id);
    if (created) this.events.toUsers([row.userOneId, row.userTwoId], 'conversation', conversation);
    return conversation;
  }

  /** Per user: no sound and no notification for it (except mentions, which conversations do not have). */
  async setMuted(viewer: UserWithWorkspace, id: string, muted: boolean): Promise<{ muted: boolean }> {
    if (!(await findConversationFor(this.db, id, viewer.id))) throw notFound(CONVERSATION_NOT_FOUND);
    await setConversationMuted(this.db, id, viewer.id, muted);
    this.events.toUsers([viewer.id], 'chat:muted', { chatId: id, isGroup: false, muted });
    return { muted };
  }

  private async summaryOf(viewerId: string, id: string): Promise<Conversation> {
    const [row] = await this.toEntities(await conversationSummaries(this.db, viewerId, conversationIdIs(id)));
    if (!row) throw notFound(CONVERSATION_NOT_FOUND);
    return row;
  }

  private async toEntities(rows: ConversationSummaryRow[]): Promise<Conversation[]> {
    const people = await findUsersByIds(
      this.db,
      rows.flatMap((r) => [r.conversation.userOneId, r.conversation.userTwoId]),
    );
    return this.entities(rows, people);
  }

  private entities(rows: ConversationSummaryRow[], people: ReadonlyMap<string, UserWithWorkspace>): Conversation[] {
    return rows.flatMap(({ conversation: c, last, unreadMessages, muted }) => {
      const userOne = people.get(c.userOneId);
      const userTwo = people.get(c.userTwoId);
      if (!userOne || !userTwo) return [];
      return [
        {
          id: c.id,
          userOneId: c.userOneId,
          userTwoId: c.userTwoId,
          userOne: toUserEntity(userOne),
          userTwo: toUserEntity(userTwo),
          createdAt: c.createdAt.toISOString(),
          lastMessage: toLastMessage(last),
          unreadMessages,
          muted,
        },
      ];
    });
  }
}
