import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamKeys } from '../query-keys';

/**
 * A change on the team page. On success it refetches what the change may have touched and does
 * not wait for it: the caller reports the outcome and closes its dialog at once. Members and
 * polygons touch everything ('all': polygon member counts, member badges); an invite touches the
 * members and the pending invites ('members').
 */
export function useTeamChange<TVariables>(touches: 'all' | 'members', change: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    // Only the variables: the api-client calls take no second argument.
    mutationFn: (variables: TVariables) => change(variables),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: touches === 'all' ? teamKeys.all : teamKeys.members });
    },
  });
}
