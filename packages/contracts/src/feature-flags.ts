import type { Role } from './constants';

export const FEATURE_FLAGS = [
  'disable_edit_personal_info',
  'polygonal',
  'create_members',
  'edit_members',
  'disable_create_account',
  'disable_recovery_password',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export interface FlagSettings {
  /** The one workspace that gets the special flags (FEATURED_WORKSPACE_ID). */
  featuredWorkspaceId: string | null;
  /** The production web origin (PRODUCTION_ORIGIN). */
  productionOrigin: string | null;
}

export interface FlagSubject {
  role: Role;
  workspaces?: ReadonlyArray<{ id: string }> | undefined;
}

/**
 * Feature flags of SPEC section 6, one pure function used by the page (to hide) and the server
 * (to enforce). `origin` is the page origin in the browser, the request's Origin on the server.
 */
export function featureFlags(
  user: FlagSubject | null,
  settings: FlagSettings,
  origin: string | null,
): Set<FeatureFlag> {
  const flags = new Set<FeatureFlag>();
  if (user && settings.featuredWorkspaceId) {
    const inFeatured = (user.workspaces ?? []).some((w) => w.id === settings.featuredWorkspaceId);
    if (inFeatured) {
      if (user.role === 'ADMIN') {
        flags.add('polygonal').add('create_members').add('edit_members');
      } else {
        flags.add('disable_edit_personal_info');
      }
    }
  }
  if (settings.productionOrigin && origin && sameOrigin(origin, settings.productionOrigin)) {
    flags.add('disable_create_account').add('disable_recovery_password');
  }
  return flags;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
