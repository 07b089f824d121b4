import type { Message, SendMessageBody } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// Message calls of SPEC section 7, with the backwards paging of DESIGN section 2.

/** One page of history, oldest first. `hasMore` says whether older messages exist. */
export interface MessagePage {
  messages: Message[];
  hasMore?: boolean;
}

/** `all` returns the whole history; otherwise `limit` messages older than the `before` cursor. */
export interface HistoryPaging {
  all?: boolean;
  before?: string;
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

/** Idempotent on (author, clientId): a retry with the same clientId returns the stored message. */
export const sendMessage = (body: SendMessageBody) =>
  request<Message>(http(), { method: 'POST', url: '/message/send', data: body });
