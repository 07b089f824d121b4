import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getWorkspaceSso, saveWorkspaceSso } from '@chat/api-client';
import type { SsoConfigBody } from '@chat/contracts';

export const SSO_LOAD_ERROR = 'Não foi possível carregar a entrada pela empresa';

const ssoKey = (workspaceId: string) => ['workspaces', workspaceId, 'sso'] as const;

/** GET /workspace/{id}/sso while the settings are shown (loaded afresh each time they open). */
export function useWorkspaceSso(workspaceId: string) {
  const query = useQuery({
    queryKey: ssoKey(workspaceId),
    queryFn: async () => (await getWorkspaceSso(workspaceId)).data,
    gcTime: 0,
    meta: { errorToast: { title: 'Erro', fallback: SSO_LOAD_ERROR } },
  });
  return { data: query.data ?? null, failed: query.isError };
}

export function useSaveWorkspaceSso(workspaceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SsoConfigBody) => (await saveWorkspaceSso(workspaceId, body)).data,
    onSuccess: (data) => queryClient.setQueryData(ssoKey(workspaceId), data),
  });
}
