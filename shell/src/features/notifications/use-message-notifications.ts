import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Group, NotificationSettings } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { loadApiClient } from '../../shared/api/load-api-client';
import { useAppConfig } from '../../shared/config/config-context';
import { createMessageNotifier } from './message-notifier';
import { askPermissionOnFirstGesture } from './notification-permission';
import { currentWindowState } from './notification-rules';
import { playNotificationSound } from './notification-sound';

const SETTINGS_FRESH_MS = 60_000;

/**
 * Desktop notifications for the signed-in area: the shell sees every 'message' on the bus whatever
 * page is open. Lives in the lazily loaded /auth area, so the sign-in page never downloads it.
 */
export function useMessageNotifications(meId: string | null): void {
  const navigate = useNavigate();
  const config = useAppConfig();

  useEffect(() => askPermissionOnFirstGesture(), []);

  useEffect(() => {
    if (!meId) return;
    const groupNames = new Map<string, string>();
    // remote-chat tells which chats I silenced (its list), and each change from any tab.
    let muted = new Set<string>();
    const remember = (group: Pick<Group, 'id' | 'name'>) => void groupNames.set(group.id, group.name);
    const groupName = async (groupId: string) => {
      const known = groupNames.get(groupId);
      if (known) return known;
      const { data } = await (await loadApiClient(config)).getGroupById(groupId);
      remember(data);
      return data.name;
    };
    // Read again at most once a minute: a change in Configurações applies within that time.
    let settings: { at: number; value: Promise<NotificationSettings | null> } | null = null;
    const currentSettings = () => {
      if (!settings || Date.now() - settings.at > SETTINGS_FRESH_MS) {
        const value = loadApiClient(config)
          .then(async (client) => (await client.getNotificationSettings()).data)
          .catch(() => null);
        settings = { at: Date.now(), value };
      }
      return settings.value;
    };
    const notify = createMessageNotifier({
      settings: currentSettings,
      meId,
      windowState: currentWindowState,
      isMuted: (chatId) => muted.has(chatId),
      groupName,
      navigate: (path) => void navigate(path),
      playSound: playNotificationSound,
      NotificationApi: typeof Notification === 'undefined' ? undefined : Notification,
    });
    const offs = [
      subscribe(eventBus, 'message', (message) => void notify(message)),
      subscribe(eventBus, 'chat:muted-chats', ({ ids }) => void (muted = new Set(ids))),
      subscribe(eventBus, 'chat:muted', ({ chatId, muted: on }) => void (on ? muted.add(chatId) : muted.delete(chatId))),
      subscribe(eventBus, 'group', remember),
      subscribe(eventBus, 'group::updated', remember),
    ];
    return () => offs.forEach((off) => off());
  }, [meId, navigate, config]);
}
