import { useCallback, useEffect, useState } from 'react';
import { listWorkspaces } from '@chat/api-client';
import { ERROR_TEXTS, type WorkspaceSummary } from '@chat/contracts';
import { notifyError } from '../lib/notify';

export type WorkspacesState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; workspaces: WorkspaceSummary[] };

async function fetchWorkspaces(): Promise<WorkspacesState> {
  try {
    return { status: 'ready', workspaces: (await listWorkspaces()).data };
  } catch (error) {
    notifyError(ERROR_TEXTS.workspace.listTitle, error, ERROR_TEXTS.workspace.unknown);
    return { status: 'error' };
  }
}

/** GET /workspace/list; `reload` refetches after a create or an edit without blanking the grid. */
export function useWorkspaces() {
  const [state, setState] = useState<WorkspacesState>({ status: 'loading' });

  useEffect(() => {
    let current = true;
    void fetchWorkspaces().then((next) => current && setState(next));
    return () => {
      current = false;
    };
  }, []);

  const reload = useCallback(() => void fetchWorkspaces().then(setState), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    reload();
  }, [reload]);

  return { state, reload, retry };
}
