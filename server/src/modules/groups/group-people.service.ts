import type {
  GroupCandidateIds,
  GroupCandidatesPage,
  GroupCandidatesQuery,
  GroupCandidateIdsQuery,
  GroupMembersPage,
  GroupMembersQuery,
  ResolvedEmails,
  ResolveEmailsBody,
} from '@chat/contracts';
import { LIMITS } from '@chat/contracts';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { UserWithWorkspace } from '../users/user-entity';
import { toUserEntity } from '../users/user-entity';
import { toGroupMember } from './group-entity';
import { candidateIds, candidatePage, memberPage, membersAmong, usersByEmails } from './group-people.repository';
import * as repo from './groups.repository';
import { decodeCursor, encodeCursor } from './page-cursor';
import { NO_WORKSPACE } from './group-acts.service';
import { GROUP_NOT_FOUND, NOT_GROUP_ADMIN } from './group-views';

/**
 * The people of a group, a page at a time: its members (the details panel) and the users who may
 * join it (the member pickers), with the pickers' 'Selecionar todos' and 'Colar e-mails'.
 */
export class GroupPeopleService {
  constructor(private readonly db: Db) {}

  async members(viewer: UserWithWorkspace, groupId: string, query: GroupMembersQuery): Promise<GroupMembersPage> {
    await this.requireMember(viewer, groupId);
    const after = decodeCursor(query.cursor, ['boolean', 'boolean', 'string', 'string']);
    const page = await memberPage(this.db, groupId, viewer.id, { content: query.content, after, limit: query.limit });
    return { members: page.rows.map(toGroupMember), nextCursor: encodeCursor(page.next), total: page.total };
  }

  async candidates(viewer: UserWithWorkspace, query: GroupCandidatesQuery): Promise<GroupCandidatesPage> {
    const scope = await this.scope(viewer, query.groupId);
    const after = decodeCursor(query.cursor, ['string', 'string']);
    const page = await candidatePage(this.db, scope, { groupId: query.groupId, content: query.content, after, limit: query.limit });
    return { users: page.rows.map(toUserEntity), nextCursor: encodeCursor(page.next), total: page.total };
  }

  /** Bounded by the largest limit a workspace may have: more could never join one group. */
  async candidateIds(viewer: UserWithWorkspace, query: GroupCandidateIdsQuery): Promise<GroupCandidateIds> {
    const scope = await this.scope(viewer, query.groupId);
    return { ids: await candidateIds(this.db, scope, query.groupId, query.content, LIMITS.groupMemberLimitMax) };
  }

  /** Pasted e-mails: the users of the workspace they name, those already in, and the unknown ones. */
  async resolveEmails(viewer: UserWithWorkspace, body: ResolveEmailsBody): Promise<ResolvedEmails> {
    const scope = await this.scope(viewer, body.groupId);
    const emails = [...new Set(body.emails)];
    const found = await usersByEmails(this.db, scope.workspaceId, emails);
    const inGroup = body.groupId
      ? await membersAmong(
          this.db,
          body.groupId,
          found.map((u) => u.id),
        )
      : new Set<string>();
    // The viewer is in the group they create or manage already.
    const isIn = (u: UserWithWorkspace) => u.id === viewer.id || inGroup.has(u.id);
    const known = new Set(found.map((u) => u.email.toLowerCase()));
    return {
      users: found.filter((u) => !isIn(u)).map(toUserEntity),
      unknown: emails.filter((e) => !known.has(e)),
      alreadyMembers: found.filter(isIn).map((u) => u.email),
    };
  }

  /** Candidates of a group are for its admins; without a group (a new one), for any member of a workspace. */
  private async scope(viewer: UserWithWorkspace, groupId: string | undefined): Promise<{ id: string; workspaceId: string }> {
    if (!viewer.workspaceId) throw forbidden(NO_WORKSPACE);
    if (groupId && !(await this.requireMember(viewer, groupId)).isAdmin) throw forbidden(NOT_GROUP_ADMIN);
    return { id: viewer.id, workspaceId: viewer.workspaceId };
  }

  private async requireMember(viewer: UserWithWorkspace, groupId: string) {
    const membership = await repo.findMembership(this.db, groupId, viewer.id);
    if (!membership) throw notFound(GROUP_NOT_FOUND);
    return membership;
  }
}
