/** 'Notificações' loads apart from the menu, as 'Conta' does (load-account-page.ts). */
export const loadNotificationsPage = () => import('./notifications-area');
