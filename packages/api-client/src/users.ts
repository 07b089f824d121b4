import type { Group, User } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// User lookups used by the chat (the account calls live elsewhere).

/** Users of the caller's workspace matching name, nickName or e-mail; everyone when empty. */
export const searchUsersInSameWorkspace = (content: string) =>
  request<User[]>(http(), { method: 'GET', url: '/user/search-in-same-workspace', params: { content } });

export const getCommonGroups = (userTwoId: string) =>
  request<Group[]>(http(), { method: 'GET', url: `/user/common-groups/${encodeURIComponent(userTwoId)}` });
