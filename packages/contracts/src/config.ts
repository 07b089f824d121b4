import * as z from 'zod/mini';
import './zod-locale';

export const REMOTE_NAMES = ['chat', 'team', 'settings', 'root'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation container name of each remote (must match packages/build-config). */
export const REMOTE_CONTAINERS: Record<RemoteName, string> = {
  chat: 'remote_chat',
  team: 'remote_team',
  settings: 'remote_settings',
  root: 'remote_root',
};

/**
 * The runtime configuration the shell fetches from /config.json before rendering. Remote
 * locations live here, never in the shell build, so a remote can be redeployed alone.
 */
export const appConfigSchema = z.object({
  version: z.string(),
  apiBaseUrl: z.string(),
  socketUrl: z.string(),
  remotes: z.object({
    chat: z.string(),
    team: z.string(),
    settings: z.string(),
    root: z.string(),
  }),
  flags: z.object({
    featuredWorkspaceId: z.nullable(z.string()),
    productionOrigin: z.nullable(z.string()),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
