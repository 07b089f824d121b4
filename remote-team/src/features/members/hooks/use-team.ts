import { useQuery } from '@tanstack/react-query';
import { getWorkspaceByAdmin, listPendingInvites } from '@chat/api-client';
import { ERROR_TEXTS, type PendingInvite, type Workspace } from '@chat/contracts';
import { teamKeys } from '../../../query-keys';

export interface Team {
  workspace: Workspace | null;
  invites: PendingInvite[];
  loading: boolean;
}

const NO_INVITES: PendingInvite[] = [];

/** The admin's workspace (members, limit) and its pending invites. */
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
    // The list waits for both answers, as one screen.
    loading: workspace.isPending || invites.isPending,
  };
}
