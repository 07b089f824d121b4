/** Every query key of remote-settings. */
export const settingsKeys = {
  activeApiKey: ['settings', 'api-key', 'active'] as const,
  sessions: ['settings', 'sessions'] as const,
  notifications: ['settings', 'notifications'] as const,
  dataExport: ['settings', 'data-export'] as const,
};
