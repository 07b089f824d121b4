import type { Role } from './constants';

export const FEATURE_FLAGS = [
  'disable_edit_personal_info',
  'polygonal',
  'create_members',
  'edit_members',
  'disable_create_account',
  'disable_recovery_password',
  'admin_sso',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

/**
 * Features a workspace can turn on: the original spec hard-wires the first four to one workspace
 * id; here each workspace stores its own subset. Admins get the admin features that are on;
 * everyone else gets disable_edit_personal_info when it is on. admin_sso lets the workspace's
 * ADMIN configure its sign-in with the company's account, which otherwise only ROOT does.
 */
export const WORKSPACE_FEATURES = ['polygonal', 'create_members', 'edit_members', 'disable_edit_personal_info', 'admin_sso'] as const;
export type WorkspaceFeature = (typeof WORKSPACE_FEATURES)[number];
/** What a new workspace (and the demo workspace) starts with. */
export const DEFAULT_WORKSPACE_FEATURES: readonly WorkspaceFeature[] = ['polygonal', 'create_members', 'edit_members'];
const ADMIN_FEATURES: readonly WorkspaceFeature[] = ['polygonal', 'create_members', 'edit_members', 'admin_sso'];
/** The original spec's features, which the featured workspace always has; handing its sign-in to the ADMIN stays ROOT's choice. */
const FEATURED_FEATURES: readonly WorkspaceFeature[] = ['polygonal', 'create_members', 'edit_members', 'disable_edit_personal_info'];

export interface FlagSettings {
  /** The one workspace that gets the special flags (FEATURED_WORKSPACE_ID). */
  featuredWorkspaceId: string | null;
  /** The production web origin (PRODUCTION_ORIGIN). */
  productionOrigin: string | null;
}

export interface FlagSubject {
  role: Role;
  workspaces?: ReadonlyArray<{ id: string; features?: readonly WorkspaceFeature[] | undefined }> | undefined;
}

/**
 * Feature flags of docs/produto.md, Funcionalidades por workspace, one pure function used by the
 * page (to hide) and the server (to enforce). `origin` is the page origin in the browser, the
 * deployment's APP_URL on the server (never a request header, which any client can omit or forge).
 */
export function featureFlags(user: FlagSubject | null, settings: FlagSettings, origin: string | null): Set<FeatureFlag> {
  const flags = new Set<FeatureFlag>();
  for (const feature of user ? workspaceFeatures(user, settings) : []) {
    const forAdmins = ADMIN_FEATURES.includes(feature);
    if (user?.role === 'ADMIN' ? forAdmins : user?.role === 'USER' && !forAdmins) flags.add(feature);
  }
  if (settings.productionOrigin && origin && sameOrigin(origin, settings.productionOrigin)) {
    flags.add('disable_create_account').add('disable_recovery_password');
  }
  return flags;
}

/**
 * The featured workspace (FEATURED_WORKSPACE_ID) has the original four (docs/produto.md,
 * Funcionalidades por workspace) plus what it stores; others their own.
 */
function workspaceFeatures(user: FlagSubject, settings: FlagSettings): readonly WorkspaceFeature[] {
  const on = new Set<WorkspaceFeature>();
  for (const workspace of user.workspaces ?? []) {
    const stored = workspace.features ?? [];
    const features = workspace.id === settings.featuredWorkspaceId ? [...FEATURED_FEATURES, ...stored] : stored;
    for (const feature of features) on.add(feature);
  }
  return [...on];
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
