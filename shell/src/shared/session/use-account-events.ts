import { useEffect } from 'react';
import { ACCOUNT_DATA_TEXTS, SESSION_TEXTS, WORKSPACE_EXPORT_TEXTS } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { toast } from '@chat/ui';
import { loadApiClient } from '../api/load-api-client';
import { useAppConfig } from '../config/config-context';
import { useSession } from './session-context';
import { readSession } from './storage';

/**
 * Account changes the server pushes over the socket, so an open page follows them
 * without signing in again:
 * - 'session:changed' (role or workspace features): renew the token, whose claims carry the role,
 *   then reload the own user; the navigation, guards and flags recompute from it.
 * - 'user:updated' about myself (profile edited in another tab): keep the stored copy current.
 * - 'account:deactivated' about myself: the session ends at once, with a toast saying why.
 * - 'session:revoked' (the password was changed): ask the server whether this tab's
 *   tokens still hold. The tab that changed it stored the new pair first (its tabs share it), so
 *   it stays; any other session gets a 401 saying why, its renewal fails and the session ends
 *   with a toast (session-expiry.ts: a page that missed the event learns it from any call).
 * - 'data-export:ready': the person's data (Configurações > Meus dados) can be downloaded; a toast
 *   says so wherever the person is in the app; 'workspace-export:ready' the same for the workspace's
 *   export an ADMIN asked for (downloaded from the team page).
 * - 'socket:reconnected', also for the first connect when the server says something was sent to
 *   this user or workspace since the page loaded (the socket opens once the page has settled, so
 *   it does not compete with the first screen): what changed before it reached no socket of this
 *   page, so the own user is read again (workspace features, profile), and the token renewed when
 *   the role changed meanwhile.
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
    const offReconnected = subscribe(eventBus, 'socket:reconnected', () => {
      void loadApiClient(config)
        .then(async (client) => {
          const { data } = await client.getCurrentUser();
          if (data.role !== readSession().user?.role) await client.renewSession();
          replaceUser(data);
        })
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
    const offExport = subscribe(eventBus, 'data-export:ready', () => {
      toast({ type: 'success', title: ACCOUNT_DATA_TEXTS.exportReady, description: ACCOUNT_DATA_TEXTS.exportReadyToast });
    });
    const offWorkspaceExport = subscribe(eventBus, 'workspace-export:ready', () => {
      toast({ type: 'success', title: WORKSPACE_EXPORT_TEXTS.ready, description: WORKSPACE_EXPORT_TEXTS.readyToast });
    });
    const offRevoked = subscribe(eventBus, 'session:revoked', () => {
      void loadApiClient(config)
        .then((client) => client.getCurrentUser())
        // A refusal has already ended the session through the api-client, with the toast.
        .catch(() => undefined);
    });
    return () => {
      offExport();
      offWorkspaceExport();
      offReconnected();
      offRevoked();
      offChanged();
      offUpdated();
      offDeactivated();
    };
  }, [userId, config, replaceUser, endSession]);
}
