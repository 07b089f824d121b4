import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiKey, getActiveApiKey } from '@chat/api-client';
import { ERROR_TEXTS, type ApiKey, type ApiKeyFormInput } from '@chat/contracts';
import { settingsKeys } from '../../../query-keys';

/** The user's active key record (never the key itself). */
export function useActiveApiKey(): { active: ApiKey | null; loading: boolean } {
  const query = useQuery({
    queryKey: settingsKeys.activeApiKey,
    queryFn: async () => (await getActiveApiKey()).data,
    meta: { errorToast: { fallback: ERROR_TEXTS.apiKey.get } },
  });
  return { active: query.data ?? null, loading: query.isPending };
}

/**
 * Creates a key: its record becomes the active one in the cache, and the key itself, which the
 * server answers this one time only, goes back to the caller.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ApiKeyFormInput) => (await createApiKey(values)).data,
    onSuccess: ({ key: _key, ...record }) => queryClient.setQueryData<ApiKey | null>(settingsKeys.activeApiKey, record),
  });
}
