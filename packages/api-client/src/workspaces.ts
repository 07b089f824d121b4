import type {
  ChangeAdminBody,
  CreateWorkspaceBody,
  DeleteWorkspaceBody,
  MemberPage,
  UpdateWorkspaceBody,
  Workspace,
  WorkspaceDeletion,
  WorkspaceSummary,
} from '@chat/contracts';
import { http } from './client';
import { request } from './http';
import { type MemberPageParams, memberPageQuery } from './members';

// Workspace calls made by ROOT (get-by-admin-id, the admin's own, lives with the team calls).
const seg = encodeURIComponent;

export const listWorkspaces = () => request<WorkspaceSummary[]>(http(), { method: 'GET', url: '/workspace/list' });

export const createWorkspace = (body: CreateWorkspaceBody) =>
  request<Workspace>(http(), { method: 'POST', url: '/workspace/create', data: body });

export const getWorkspace = (id: string) => request<Workspace>(http(), { method: 'GET', url: `/workspace/${seg(id)}` });

export const updateWorkspace = (id: string, body: UpdateWorkspaceBody) =>
  request<Workspace>(http(), { method: 'PUT', url: `/workspace/${seg(id)}`, data: body });

export const changeWorkspaceAdmin = (id: string, body: ChangeAdminBody) =>
  request<Workspace>(http(), { method: 'PATCH', url: `/workspace/change-admin/${seg(id)}`, data: body });

/** GET /workspace/{id}/members (ROOT): one page of any workspace's members, by name. */
export const listMembersOfWorkspace = (id: string, params: MemberPageParams = {}) =>
  request<MemberPage>(http(), { method: 'GET', url: `/workspace/${seg(id)}/members`, params: memberPageQuery(params) });

/** DELETE /workspace/{id} (ROOT): starts the deletion; the answer is the job to follow. */
export const deleteWorkspace = (id: string, body: DeleteWorkspaceBody) =>
  request<WorkspaceDeletion>(http(), { method: 'DELETE', url: `/workspace/${seg(id)}`, data: body });

/** GET /workspace/deletions/{id} (ROOT): how far a deletion has gone. */
export const getWorkspaceDeletion = (id: string) =>
  request<WorkspaceDeletion>(http(), { method: 'GET', url: `/workspace/deletions/${seg(id)}` });

/** GET /workspace/deletions (ROOT): the deletions not yet done. */
export const listWorkspaceDeletions = () => request<WorkspaceDeletion[]>(http(), { method: 'GET', url: '/workspace/deletions' });
