import type { User } from '@chat/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { USER_NOT_FOUND } from '../conversations/conversations.service';
import { toUserEntity, type UserWithWorkspace } from './user-entity';
import { findUsersByIds, searchWorkspaceUsers } from './user-lookups.repository';

/** A workspace holds at most 1000 members; a lookup answers a screenful, the search narrows it. */
export const USER_SEARCH_LIMIT = 100;

export class UserLookupsService {
  constructor(private readonly db: Db) {}

  /** GET /user/search-in-same-workspace: the viewer's colleagues (never the viewer). */
  async searchInWorkspace(viewer: UserWithWorkspace, content: string): Promise<User[]> {
    if (!viewer.workspaceId) return [];
    const rows = await searchWorkspaceUsers(this.db, {
      workspaceId: viewer.workspaceId,
      excludeId: viewer.id,
      term: content,
      limit: USER_SEARCH_LIMIT,
    });
    return rows.map(toUserEntity);
  }

  /**
   * GET /user/get-user-by-id: anyone of the viewer's workspace, removed members included (their
   * old conversations still show them); 404 for everyone else.
   */
  async getById(viewer: UserWithWorkspace, id: string): Promise<User> {
    const user = (await findUsersByIds(this.db, [id])).get(id);
    if (!user || (user.id !== viewer.id && (!viewer.workspaceId || user.workspaceId !== viewer.workspaceId))) {
      throw notFound(USER_NOT_FOUND);
    }
    return toUserEntity(user);
  }
}
