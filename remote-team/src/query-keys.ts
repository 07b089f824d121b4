/**
 * Every query key of remote-team. Invalidating a prefix refetches what is under it: `members`
 * (the workspace, the member pages and the pending invites) or `all` (the polygons too, whose
 * member counts follow member changes, as the members' badges follow polygon changes).
 */
export const teamKeys = {
  all: ['team'] as const,
  members: ['team', 'members'] as const,
  workspace: ['team', 'members', 'workspace'] as const,
  invites: ['team', 'members', 'invites'] as const,
  /** The paged member list, one infinite query per search ('' for everyone). */
  memberPages: ['team', 'members', 'pages'] as const,
  memberSearch: (search: string) => ['team', 'members', 'pages', search] as const,
  polygons: (search: string) => ['team', 'polygons', search] as const,
  retention: ['team', 'retention'] as const,
  workspaceExport: ['team', 'workspace-export'] as const,
};
