import type { UpdateWorkspaceBody, WorkspaceFeature } from '@chat/contracts';
import type { WorkspaceRow } from '../../db/schema';

type Change = { from: unknown; to: unknown };

const FIELDS = ['name', 'description', 'limitOfMembers', 'storageQuotaMb', 'groupMemberLimit'] as const;

/** What an edit changes in a workspace, field by field, for the activity log; features as added and removed. */
export function workspaceChanges(
  before: WorkspaceRow,
  body: Omit<UpdateWorkspaceBody, 'features'> & { features?: WorkspaceFeature[] },
): Record<string, Change | { added: WorkspaceFeature[]; removed: WorkspaceFeature[] }> {
  const changes: Record<string, Change | { added: WorkspaceFeature[]; removed: WorkspaceFeature[] }> = {};
  for (const field of FIELDS) {
    const to = body[field];
    if (to !== undefined && to !== before[field]) changes[field] = { from: before[field], to };
  }
  if (body.features) {
    const added = body.features.filter((f) => !before.features.includes(f));
    const removed = before.features.filter((f) => !body.features!.includes(f));
    if (added.length > 0 || removed.length > 0) changes.features = { added, removed };
  }
  return changes;
}
