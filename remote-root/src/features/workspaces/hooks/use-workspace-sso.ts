import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getWorkspaceSso, saveWorkspaceSso } from '@chat/api-client';
import type { SsoConfigBody } from '@chat/contracts';
import { rootKeys } from '../../../query-keys';

export const SSO_LOAD_ERROR = 'Não foi possível carregar a entrada pela empresa';

/** GET /workspace/{id}/sso while the modal is open (loaded afresh each time it opens). */
export function useWorkspaceSso(workspaceId: string | null) {
  const query = useQuery({
    queryKey: rootKeys.sso(workspaceId ?? ''),
    queryFn: async () => (await getWorkspaceSso(workspaceId!)).data,
    enabled: workspaceId !== null,
    gcTime: 0,
    meta: { errorToast: { title: 'Erro', fallback: SSO_LOAD_ERROR } },
  });
  return { data: query.data ?? null, failed: query.isError };
}

export function useSaveWorkspaceSso(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SsoConfigBody) => (await saveWorkspaceSso(workspaceId, body)).data,
    onSuccess: (data) => queryClient.setQueryData(rootKeys.sso(workspaceId), data),
  });
}
