import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteWorkspace, getWorkspaceDeletion, listWorkspaceDeletions } from '@chat/api-client';
import type { WorkspaceDeletion } from '@chat/contracts';
import { rootKeys } from '../../../query-keys';

/** How often a deletion under way is asked about. */
const FOLLOW_MS = 1000;

const underWay = (deletion: WorkspaceDeletion | undefined) => deletion?.status === 'pending' || deletion?.status === 'running';

/** DELETE /workspace/{id}: the job it starts (or the one already under way) goes into the cache to be followed. */
export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, confirmName }: { id: string; confirmName: string }) => (await deleteWorkspace(id, { confirmName })).data,
    onSuccess: (deletion) => {
      queryClient.setQueryData(rootKeys.deletion(deletion.id), deletion);
      void queryClient.invalidateQueries({ queryKey: rootKeys.deletions });
    },
  });
}

/** One deletion, asked about every second until it is done or has failed. */
export function useWorkspaceDeletion(id: string | null) {
  return useQuery({
    queryKey: rootKeys.deletion(id ?? ''),
    queryFn: async () => (await getWorkspaceDeletion(id!)).data,
    enabled: id !== null,
    refetchInterval: (query) => (underWay(query.state.data) ? FOLLOW_MS : false),
  });
}

/** The deletions not yet done, by workspace: their cards say so after a reload. */
export function useWorkspaceDeletions(): Map<string, WorkspaceDeletion> {
  const { data } = useQuery({
    queryKey: rootKeys.deletions,
    queryFn: async () => (await listWorkspaceDeletions()).data,
    refetchInterval: (query) => (query.state.data?.some(underWay) ? FOLLOW_MS * 3 : false),
  });
  return new Map((data ?? []).filter((d) => d.workspaceId !== null).map((d) => [d.workspaceId!, d]));
}
