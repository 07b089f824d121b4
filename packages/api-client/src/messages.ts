import type {
  EditMessageBody,
  Message,
  MessageReactionEvent,
  MessageReceipts,
  MessageSearchPage,
  MuteBody,
  SendMessageBody,
  SharedMediaKind,
  SharedMediaPage,
} from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// Message calls, with the backwards paging of the history (docs/api.md, O que vale para qualquer
// chamada).

/** One page of history, oldest first. `hasMore` says whether older messages exist. */
export interface MessagePage {
  messages: Message[];
  hasMore?: boolean;
  /** On `around` and `after` pages: newer messages exist, and the `after` cursor for them. */
  hasNewer?: boolean;
  newerCursor?: string | null;
}

/**
 * `all` returns the whole history; otherwise `limit` messages older than the `before` cursor,
 * newer than the `after` cursor, or on both sides of the `around` message.
 */
export interface HistoryPaging {
  all?: boolean;
  before?: string;
  after?: string;
  around?: string;
  limit?: number;
}

export const getMessagesByConversation = (conversationId: string, paging: HistoryPaging = {}) =>
  request<MessagePage>(http(), {
    method: 'GET',
    url: '/message/get-messages-by-conversation',
    params: { conversationId, ...paging },
  });

export const getMessagesByGroup = (groupId: string, paging: HistoryPaging = {}) =>
  request<MessagePage>(http(), { method: 'GET', url: '/message/get-messages-by-group', params: { groupId, ...paging } });

/**
 * The caller's text messages containing `content`, newest first; `before` is the previous page's
 * nextCursor.
 */
export const searchMessages = (content: string, paging: { limit?: number; before?: string } = {}) =>
  request<MessageSearchPage>(http(), { method: 'GET', url: '/message/search', params: { content, ...paging } });

/** GET /message/shared-media: a chat's shared images and videos ('media') or other files ('files'), newest first. */
export const getSharedMedia = (query: { conversationId?: string; groupId?: string; kind: SharedMediaKind; before?: string }) =>
  request<SharedMediaPage>(http(), { method: 'GET', url: '/message/shared-media', params: query });

/** Idempotent on (author, clientId): a retry with the same clientId returns the stored message. */
export const sendMessage = (body: SendMessageBody) => request<Message>(http(), { method: 'POST', url: '/message/send', data: body });

// Actions on one message, and silencing a chat.

export const editMessage = (id: string, body: EditMessageBody) =>
  request<Message>(http(), { method: 'PATCH', url: `/message/${id}`, data: body });

export const deleteMessage = (id: string) => request<Message>(http(), { method: 'DELETE', url: `/message/${id}` });

export const addReaction = (id: string, emoji: string) =>
  request<MessageReactionEvent>(http(), { method: 'POST', url: `/message/${id}/reactions`, data: { emoji } });

export const removeReaction = (id: string, emoji: string) =>
  request<MessageReactionEvent>(http(), { method: 'DELETE', url: `/message/${id}/reactions/${encodeURIComponent(emoji)}` });

export const getMessageReceipts = (id: string) => request<MessageReceipts>(http(), { method: 'GET', url: `/message/${id}/receipts` });

export const muteChat = (kind: 'conversation' | 'group', id: string, muted: boolean) =>
  request<MuteBody>(http(), { method: 'PATCH', url: `/${kind}/${id}/mute`, data: { muted } });
