import { useEffect } from 'react';
import { SESSION_TEXTS } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { toast } from '@chat/ui';
import { loadApiClient } from '../api/load-api-client';
import { useAppConfig } from '../config/config-context';
import { useSession } from './session-context';

/**
 * Account changes the server pushes over the socket (issues 10-12), so an open page follows them
 * without signing in again:
 * - 'session:changed' (role or workspace features): renew the token, whose claims carry the role,
 *   then reload the own user; the navigation, guards and flags recompute from it.
 * - 'user:updated' about myself (profile edited in another tab): keep the stored copy current.
 * - 'account:deactivated' about myself: the session ends at once, with a toast saying why.
 */
export function useAccountEvents(): void {
  const { user, replaceUser, endSession } = useSession();
  const config = useAppConfig();
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return undefined;
    const offChanged = subscribe(eventBus, 'session:changed', () => {
      void loadApiClient(config)
        .then(async (client) => {
          await client.renewSession();
          const { data } = await client.getCurrentUser();
          replaceUser(data);
        })
        // A failed renewal has already ended the session through the api-client.
        .catch(() => undefined);
    });
    const offUpdated = subscribe(eventBus, 'user:updated', (updated) => {
      if (updated.id === userId) replaceUser(updated);
    });
    const offDeactivated = subscribe(eventBus, 'account:deactivated', ({ userId: removed }) => {
      if (removed !== userId) return;
      endSession();
      toast({ type: 'error', ...SESSION_TEXTS.deactivated });
    });
    return () => {
      offChanged();
      offUpdated();
      offDeactivated();
    };
  }, [userId, config, replaceUser, endSession]);
}
