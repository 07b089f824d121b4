import type {
  CreateMemberBody,
  EditMemberBody,
  MemberPage,
  MessageResponse,
  PendingInvite,
  RemoveTeamMemberBody,
  User,
  Workspace,
  WorkspaceSettings,
  WorkspaceSettingsBody,
} from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// The team page's calls (users and the admin's own workspace).
const seg = encodeURIComponent;

/**
 * GET /workspace/get-by-admin-id: the admin's workspace with limitOfMembers, membersCount and the
 * first page of its members.
 */
export const getWorkspaceByAdmin = () => request<Workspace>(http(), { method: 'GET', url: '/workspace/get-by-admin-id' });

/** PUT /workspace/settings: the admin's own settings of their workspace (refusing executables). */
export const updateWorkspaceSettings = (body: WorkspaceSettingsBody) =>
  request<WorkspaceSettings>(http(), { method: 'PUT', url: '/workspace/settings', data: body });

/** What a members page asks for: the previous page's nextCursor, a page size, a search ('' for everyone). */
export interface MemberPageParams {
  cursor?: string | null;
  limit?: number;
  content?: string;
}

/** Query params without the empty ones, so the server's defaults apply. */
export const memberPageQuery = ({ cursor, limit, content }: MemberPageParams) => ({
  ...(cursor ? { cursor } : {}),
  ...(limit === undefined ? {} : { limit }),
  ...(content ? { content } : {}),
});

/** GET /workspace/members: one page of the admin's own workspace's members, by name. */
export const listWorkspaceMembers = (params: MemberPageParams = {}) =>
  request<MemberPage>(http(), { method: 'GET', url: '/workspace/members', params: memberPageQuery(params) });

export const createMemberWithoutInvite = (body: CreateMemberBody) =>
  request<User>(http(), { method: 'POST', url: '/user/create-member-without-invite', data: body });

/** PATCH /user/update/{targetUserId}: only the filled fields. */
export const updateMember = (targetUserId: string, body: EditMemberBody) =>
  request<User>(http(), { method: 'PATCH', url: `/user/update/${seg(targetUserId)}`, data: body });

/**
 * DELETE /user/{targetUserId} (the call behind the remove-member confirmation; docs/produto.md,
 * Contas, sessões e segurança).
 */
export const removeMember = (targetUserId: string, body?: RemoveTeamMemberBody) =>
  request<MessageResponse>(http(), { method: 'DELETE', url: `/user/${seg(targetUserId)}`, ...(body ? { data: body } : {}) });

export const listPendingInvites = () => request<PendingInvite[]>(http(), { method: 'GET', url: '/user/invites' });

export const cancelInvite = (inviteId: string) =>
  request<MessageResponse>(http(), { method: 'DELETE', url: `/user/invites/${seg(inviteId)}` });
