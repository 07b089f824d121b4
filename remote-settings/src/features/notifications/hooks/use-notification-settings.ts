import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getNotificationSettings, saveNotificationSettings } from '@chat/api-client';
import { NOTIFICATION_SETTINGS_TEXTS, type NotificationSettings } from '@chat/contracts';
import { notify } from '@chat/ui';
import { settingsKeys } from '../../../query-keys';

export function useNotificationSettings() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: settingsKeys.notifications,
    queryFn: async () => (await getNotificationSettings()).data,
    meta: { errorToast: { fallback: NOTIFICATION_SETTINGS_TEXTS.loadError } },
  });
  const save = useMutation({
    mutationFn: async (settings: NotificationSettings) => (await saveNotificationSettings(settings)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKeys.notifications, saved);
      notify.success(NOTIFICATION_SETTINGS_TEXTS.saved);
    },
    onError: (error) => notify.error(error, NOTIFICATION_SETTINGS_TEXTS.saveError),
  });
  return { settings: query.data, loading: query.isPending, save: save.mutate, saving: save.isPending };
}
