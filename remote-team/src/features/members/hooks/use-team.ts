import { useQuery } from '@tanstack/react-query';
import { getWorkspaceByAdmin, listPendingInvites } from '@chat/api-client';
import { ERROR_TEXTS, type PendingInvite, type Workspace } from '@chat/contracts';
import { teamKeys } from '../../../query-keys';

export interface Team {
  workspace: Workspace | null;
  invites: PendingInvite[];
}

const NO_INVITES: PendingInvite[] = [];

/**
 * The admin's workspace (its member count and limit for the section's title; the list itself
 * comes page by page, use-member-pages.ts) and its pending invites.
 */
export function useTeam(): Team {
  const workspace = useQuery({
    queryKey: teamKeys.workspace,
    queryFn: async () => (await getWorkspaceByAdmin()).data,
    meta: { errorToast: { fallback: ERROR_TEXTS.user.loadTeam } },
  });
  const invites = useQuery({
    queryKey: teamKeys.invites,
    queryFn: async () => (await listPendingInvites()).data,
    meta: { errorToast: { fallback: ERROR_TEXTS.user.listInvites } },
  });
  return {
    workspace: workspace.data ?? null,
    invites: invites.data ?? NO_INVITES,
  };
}
