import { notificationSettingsSchema } from '@chat/contracts';
import { CHAT_ROLES } from '../auth/chat-roles';
import { signedInRoutes } from '../auth/signed-in-routes';
import { saveSettings, settingsOf } from './notification-settings.repository';

// Mounted under /api: Configurações > Notificações, the caller's own settings only.
export const notificationSettingsRoutes = signedInRoutes({ roles: CHAT_ROLES }, (routes) => {
  const { db, now } = routes.ctx;
  const schema = { response: { 200: notificationSettingsSchema } };

  routes.get('/notification-settings', { schema }, (request) => settingsOf(db, request.user.id));

  routes.put('/notification-settings', { schema: { ...schema, body: notificationSettingsSchema } }, (request) =>
    saveSettings(db, request.user.id, request.body, now()),
  );
});
