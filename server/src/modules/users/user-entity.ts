import type { User } from '@chat/contracts';
import type { UserRow, WorkspaceRow } from '../../db/schema';

export type UserWithWorkspace = UserRow & { workspace: Pick<WorkspaceRow, 'id' | 'name'> | null };

/** The User entity of DESIGN section 2, as every response carries it. Never exposes the hash. */
export function toUserEntity(user: UserWithWorkspace): User {
  return {
    id: user.id,
    name: user.name,
    nickName: user.nickName,
    email: user.email,
    role: user.role,
    avatarUrl: user.avatarUrl,
    // Polygons (neo custom data) arrive with a later issue.
    neoCustomData: null,
    workspaces: user.workspace ? [{ id: user.workspace.id, name: user.workspace.name }] : [],
  };
}
