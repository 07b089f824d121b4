import { FIRST_CALLS, type Conversation, type CreateConversationBody } from '@chat/contracts';
import { earlyResponse, http } from './client';
import { request } from './http';

// Conversation calls. Paths are relative to the configured base URL (/api).

/**
 * The chat list: `showEmpty` is true there, so conversations without messages come too. Its
 * first call on the page takes the answer the shell asked for with the page, when there is one.
 */
export const getConversations = async (showEmpty = true) =>
  (showEmpty && (await earlyResponse<Conversation[]>(FIRST_CALLS.conversations))) ||
  request<Conversation[]>(http(), { method: 'GET', url: '/conversation/get-conversations', params: { showEmpty } });

/** Returns the existing conversation of the pair when there is one. */
export const createConversation = (body: CreateConversationBody) =>
  request<Conversation>(http(), { method: 'POST', url: '/conversation/create', data: body });

export const getConversationById = (id: string) =>
  request<Conversation>(http(), { method: 'GET', url: `/conversation/get-by-id/${encodeURIComponent(id)}` });

export const searchConversations = (content: string) =>
  request<Conversation[]>(http(), { method: 'GET', url: '/conversation/search', params: { content } });
