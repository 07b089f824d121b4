import {
  FIRST_CALLS,
  type AddAdminBody,
  type AddMembersBody,
  type CreateGroupBody,
  type Group,
  type GroupCandidateIds,
  type GroupCandidateIdsQuery,
  type GroupCandidatesPage,
  type GroupCandidatesQuery,
  type GroupMember,
  type GroupMembersPage,
  type GroupMembersQuery,
  type LeftGroup,
  type RemoveAdminBody,
  type RemoveMemberBody,
  type ResolvedEmails,
  type ResolveEmailsBody,
  type UpdateGroupBody,
  type UpdateGroupPhotoBody,
} from '@chat/contracts';
import { earlyResponse, http } from './client';
import { type ChatListPageParams, isFirstListPage } from './conversations';
import { request } from './http';

// Group calls.
const seg = encodeURIComponent;

export const createGroup = (body: CreateGroupBody) => request<Group>(http(), { method: 'POST', url: '/group/create', data: body });

/** The chat list's groups (all, or a page); the first page may take the shell's early answer (see getConversations). */
export const listGroups = async (page?: ChatListPageParams) =>
  (isFirstListPage(page) && (await earlyResponse<Group[]>(FIRST_CALLS.groups))) ||
  request<Group[]>(http(), { method: 'GET', url: '/group/list', ...(page ? { params: page } : {}) });

export const getGroupById = (id: string) => request<Group>(http(), { method: 'GET', url: `/group/get-by-id/${seg(id)}` });

export const searchGroups = (content: string) => request<Group[]>(http(), { method: 'GET', url: '/group/search', params: { content } });

export const searchGroupMembers = (groupId: string, content: string) =>
  request<GroupMember[]>(http(), { method: 'GET', url: `/group/${seg(groupId)}/search-members`, params: { content } });

/** One page of the group's members ('Você' first, admins, by name), optionally searched. */
export const getGroupMembers = (groupId: string, query: Partial<GroupMembersQuery> = {}) =>
  request<GroupMembersPage>(http(), { method: 'GET', url: `/group/${seg(groupId)}/members`, params: query });

/** One page of the users who may join (a new group without `groupId`). */
export const getGroupCandidates = (query: Partial<GroupCandidatesQuery> = {}) =>
  request<GroupCandidatesPage>(http(), { method: 'GET', url: '/group/candidates', params: query });

/** Every id of a candidates search ('Selecionar todos'). */
export const getGroupCandidateIds = (query: Partial<GroupCandidateIdsQuery> = {}) =>
  request<GroupCandidateIds>(http(), { method: 'GET', url: '/group/candidate-ids', params: query });

/** 'Colar e-mails': the pasted e-mails as users of the workspace, the unknown ones apart. */
export const resolveGroupEmails = (body: ResolveEmailsBody) =>
  request<ResolvedEmails>(http(), { method: 'POST', url: '/group/resolve-emails', data: body });

export const updateGroup = (id: string, body: UpdateGroupBody) =>
  request<Group>(http(), { method: 'PATCH', url: `/group/update/${seg(id)}`, data: body });

export const addGroupAdmin = (groupId: string, body: AddAdminBody) =>
  request<Group>(http(), { method: 'POST', url: `/group/add-admin/${seg(groupId)}`, data: body });

export const removeGroupAdmin = (groupId: string, body: RemoveAdminBody) =>
  request<Group>(http(), { method: 'POST', url: `/group/remove-admin/${seg(groupId)}`, data: body });

export const addGroupMembers = (groupId: string, body: AddMembersBody) =>
  request<Group>(http(), { method: 'POST', url: `/group/add-member/${seg(groupId)}`, data: body });

export const removeGroupMember = (groupId: string, body: RemoveMemberBody) =>
  request<Group>(http(), { method: 'POST', url: `/group/remove-member/${seg(groupId)}`, data: body });

/** 'Sair do grupo': the viewer leaves (beyond the original spec). */
export const leaveGroup = (groupId: string) =>
  request<LeftGroup>(http(), { method: 'POST', url: `/group/leave/${seg(groupId)}`, data: {} });

/** The group's photo, an uploaded avatar's public URL, or null to remove it (beyond the original spec). */
export const updateGroupPhoto = (groupId: string, body: UpdateGroupPhotoBody) =>
  request<Group>(http(), { method: 'POST', url: `/group/update-photo/${seg(groupId)}`, data: body });
