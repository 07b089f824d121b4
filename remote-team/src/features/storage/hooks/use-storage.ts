import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getWorkspaceByAdmin, updateWorkspaceSettings } from '@chat/api-client';
import { ERROR_TEXTS, SUCCESS_TEXTS, type Workspace } from '@chat/contracts';
import { notify } from '@chat/ui';
import { teamKeys } from '../../../query-keys';

/**
 * The admin's workspace as the members section reads it (the same query: one request for both),
 * and the switch that refuses executables, saved at once.
 */
export function useStorage() {
  const queryClient = useQueryClient();
  const workspace = useQuery({
    queryKey: teamKeys.workspace,
    queryFn: async () => (await getWorkspaceByAdmin()).data,
    meta: { errorToast: { fallback: ERROR_TEXTS.user.loadTeam } },
  });
  const refuse = useMutation({
    mutationFn: async (refuseExecutables: boolean) => (await updateWorkspaceSettings({ refuseExecutables })).data,
    onSuccess: (settings) => {
      queryClient.setQueryData<Workspace>(teamKeys.workspace, (current) => (current ? { ...current, ...settings } : current));
      notify.success(SUCCESS_TEXTS.user.settingsSaved);
    },
    onError: (error) => notify.error(error, ERROR_TEXTS.user.saveSettings),
  });
  return { workspace: workspace.data ?? null, setRefuseExecutables: refuse.mutate, saving: refuse.isPending };
}
