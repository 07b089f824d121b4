import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@chat/contracts';
import { eventBus } from '@chat/event-bus';
import { teamKeys } from '../../../query-keys';
import { replaceMember } from '../lib/patch-member-pages';

/**
 * Keeps the team's data current from the socket: a member's new profile or polygon replaces their
 * row in every loaded page ('user:updated'); after a reconnect, what may have been missed is
 * refetched.
 */
export function useLiveMembers(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onUserUpdated = (user: User) => replaceMember(queryClient, user);
    const onReconnected = () => void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    eventBus.on('user:updated', onUserUpdated);
    eventBus.on('socket:reconnected', onReconnected);
    return () => {
      eventBus.off('user:updated', onUserUpdated);
      eventBus.off('socket:reconnected', onReconnected);
    };
  }, [queryClient]);
}
