import type { User } from '@chat/contracts';
import type { NeoCustomDataRow, UserRow, WorkspaceRow } from '../../db/schema';

export type UserWithWorkspace = UserRow & {
  workspace: Pick<WorkspaceRow, 'id' | 'name' | 'features'> | null;
  /** The member's polygon label (neo custom data), or null. */
  polygon: Pick<NeoCustomDataRow, 'id' | 'name'> | null;
};

/** The User entity, as every response carries it. Never exposes the hash. */
export function toUserEntity(user: UserWithWorkspace): User {
  return {
    id: user.id,
    name: user.name,
    nickName: user.nickName,
    email: user.email,
    role: user.role,
    avatarUrl: user.avatarUrl,
    neoCustomData: user.polygon ? { id: user.polygon.id, name: user.polygon.name } : null,
    workspaces: user.workspace ? [{ id: user.workspace.id, name: user.workspace.name, features: [...user.workspace.features] }] : [],
  };
}
