import type { NotificationSettings, PushSubscriptionBody, PushUnsubscribeBody, VapidPublicKey } from '@chat/contracts';
import { http } from './client';
import { request } from './http';

// Notifications away from the app (beyond the original spec): Configurações > Notificações.

/** GET /push/vapid-public-key: the key this device subscribes to the browser's push service with. */
export const getVapidPublicKey = () => request<VapidPublicKey>(http(), { method: 'GET', url: '/push/vapid-public-key' });

/** POST /push/subscriptions: this device receives messages while no Papo tab is open. */
export const savePushSubscription = (body: PushSubscriptionBody) =>
  request<void>(http(), { method: 'POST', url: '/push/subscriptions', data: body });

/** DELETE /push/subscriptions: this device stops receiving them. */
export const deletePushSubscription = (body: PushUnsubscribeBody) =>
  request<void>(http(), { method: 'DELETE', url: '/push/subscriptions', data: body });

/** GET /notification-settings: what rings for me (the defaults until I save). */
export const getNotificationSettings = () => request<NotificationSettings>(http(), { method: 'GET', url: '/notification-settings' });

/** PUT /notification-settings. */
export const saveNotificationSettings = (settings: NotificationSettings) =>
  request<NotificationSettings>(http(), { method: 'PUT', url: '/notification-settings', data: settings });
