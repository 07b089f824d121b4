import { FIRST_CALLS, LIMITS, type ChatSummary, type Conversation, type CreateConversationBody } from '@chat/contracts';
import { earlyResponse, http } from './client';
import { request } from './http';

// Conversation calls. Paths are relative to the configured base URL (/api).

/** A page of a chat list: at most `limit` chats, after the `before` cursor (chatListCursor) when given. */
export interface ChatListPageParams {
  limit: number;
  before?: string;
}

/** The first page the sidebar asks for: the one the shell may have asked for with the page (FIRST_CALLS). */
export const isFirstListPage = (page: ChatListPageParams | undefined) => !!page && !page.before && page.limit === LIMITS.chatListPageSize;

/**
 * The chat list: `showEmpty` is true there, so conversations without messages come too; without
 * `page` the whole list. Its first page on the page takes the answer the shell asked for with the
 * page, when there is one.
 */
export const getConversations = async (showEmpty = true, page?: ChatListPageParams) =>
  (showEmpty && isFirstListPage(page) && (await earlyResponse<Conversation[]>(FIRST_CALLS.conversations))) ||
  request<Conversation[]>(http(), { method: 'GET', url: '/conversation/get-conversations', params: { showEmpty, ...page } });

/** Returns the existing conversation of the pair when there is one. */
export const createConversation = (body: CreateConversationBody) =>
  request<Conversation>(http(), { method: 'POST', url: '/conversation/create', data: body });

export const getConversationById = (id: string) =>
  request<Conversation>(http(), { method: 'GET', url: `/conversation/get-by-id/${encodeURIComponent(id)}` });

export const searchConversations = (content: string) =>
  request<Conversation[]>(http(), { method: 'GET', url: '/conversation/search', params: { content } });

/** What the viewer's whole chat list adds up to (unread, silenced chats), whatever pages are loaded. */
export const getChatSummary = async () =>
  (await earlyResponse<ChatSummary>(FIRST_CALLS.summary)) || request<ChatSummary>(http(), { method: 'GET', url: FIRST_CALLS.summary });
