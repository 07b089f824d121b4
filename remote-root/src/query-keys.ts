/** Every query key of remote-root. */
export const rootKeys = {
  workspaces: ['root', 'workspaces'] as const,
  workspace: (id: string) => ['root', 'workspaces', id] as const,
  auditSettings: ['root', 'audit-settings'] as const,
  deletions: ['root', 'deletions'] as const,
  deletion: (id: string) => ['root', 'deletions', id] as const,
};
