import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createWorkspace, listWorkspaces } from '@chat/api-client';
import { ERROR_TEXTS, type WorkspaceEditFormValues, type WorkspaceSummary } from '@chat/contracts';
import { rootKeys } from '../../../query-keys';
import { saveWorkspaceEdit } from '../lib/save-workspace-edit';

export type WorkspacesState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; workspaces: WorkspaceSummary[] };

/** GET /workspace/list. A refetch after a change keeps the grid; a retry after a failure shows the spinner. */
export function useWorkspaces(): { state: WorkspacesState; retry: () => void } {
  const query = useQuery({
    queryKey: rootKeys.workspaces,
    queryFn: async () => (await listWorkspaces()).data,
    meta: { errorToast: { title: ERROR_TEXTS.workspace.listTitle, fallback: ERROR_TEXTS.workspace.unknown } },
  });
  const state: WorkspacesState =
    query.isPending || (query.isError && query.isFetching)
      ? { status: 'loading' }
      : query.isError
        ? { status: 'error' }
        : { status: 'ready', workspaces: query.data };
  return { state, retry: () => void query.refetch() };
}

/** 'Criar Workspace': the grid is refetched after it. The caller reports the outcome. */
export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    // The "limite ampliado" box stays in the form: the body carries the limit only.
    mutationFn: ({ extendedLimit: _extended, ...values }: WorkspaceEditFormValues) =>
      createWorkspace({ ...values, adminName: values.adminName ?? '' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rootKeys.workspaces }),
  });
}

/**
 * The workspace edit (lib/save-workspace-edit.ts reports its failures). A new admin stays even
 * when the update after it fails: the grid is refetched unless the admin change itself failed.
 */
export function useSaveWorkspaceEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workspace, values }: { workspace: WorkspaceSummary; values: WorkspaceEditFormValues }) =>
      saveWorkspaceEdit(workspace, values),
    onSuccess: (outcome) => {
      if (outcome !== 'admin-failed') void queryClient.invalidateQueries({ queryKey: rootKeys.workspaces });
    },
  });
}
