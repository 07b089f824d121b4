import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User, Workspace } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { teamKeys } from '../../../query-keys';

/**
 * Keeps the team's data current from the socket: a member's new profile or polygon replaces their
 * row ('user:updated'); after a reconnect, what may have been missed is refetched.
 */
export function useLiveMembers(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onUserUpdated = (user: User) =>
      queryClient.setQueryData<Workspace>(teamKeys.workspace, (workspace) =>
        workspace && workspace.members.some((member) => member.id === user.id)
          ? { ...workspace, members: workspace.members.map((member) => (member.id === user.id ? user : member)) }
          : workspace,
      );
    const onReconnected = () => void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    eventBus.on('user:updated', onUserUpdated);
    eventBus.on('socket:reconnected', onReconnected);
    return () => {
      eventBus.off('user:updated', onUserUpdated);
      eventBus.off('socket:reconnected', onReconnected);
    };
  }, [queryClient]);
}
