import { useQuery } from '@tanstack/react-query';
import { getWorkspace } from '@chat/api-client';
import { ERROR_TEXTS } from '@chat/contracts';
import { rootKeys } from '../../../query-keys';

/**
 * GET /workspace/{id} while the edit modal is open: the form starts from the current values, so
 * nothing is kept once the modal closes (each opening loads afresh, with its spinner).
 */
export function useWorkspace(id: string | null) {
  const query = useQuery({
    queryKey: rootKeys.workspace(id ?? ''),
    queryFn: async () => (await getWorkspace(id!)).data,
    enabled: id !== null,
    gcTime: 0,
    meta: { errorToast: { title: ERROR_TEXTS.workspace.getTitle, fallback: ERROR_TEXTS.workspace.unknown } },
  });
  return { workspace: query.data ?? null, failed: query.isError };
}
