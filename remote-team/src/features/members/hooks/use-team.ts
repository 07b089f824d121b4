import { useCallback, useEffect, useState } from 'react';
import { getWorkspaceByAdmin, listPendingInvites } from '@chat/api-client';
import { ERROR_TEXTS, type PendingInvite, type Workspace } from '@chat/contracts';
import { notifyError } from '../../../shared/notify';

export interface Team {
  workspace: Workspace | null;
  invites: PendingInvite[];
  loading: boolean;
  reload: () => void;
}

/** The admin's workspace (members, limit) and its pending invites; `reloadKey` refetches from outside. */
export function useTeam(reloadKey: number): Team {
  const [workspace, setWorkspace] = useState<Workspace | null>(null);
  const [invites, setInvites] = useState<PendingInvite[]>([]);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let current = true;
    void Promise.allSettled([getWorkspaceByAdmin(), listPendingInvites()]).then(([team, pending]) => {
      if (!current) return;
      if (team.status === 'fulfilled') setWorkspace(team.value.data);
      else notifyError(team.reason, ERROR_TEXTS.user.loadTeam);
      if (pending.status === 'fulfilled') setInvites(pending.value.data);
      else notifyError(pending.reason, ERROR_TEXTS.user.listInvites);
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, [reloadKey, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { workspace, invites, loading, reload };
}
