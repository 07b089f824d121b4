import type { SQL } from 'drizzle-orm';
import { LIMITS } from '@chat/contracts';
import type { Group, GroupChange, GroupUpdated } from '@chat/contracts';
import type { Db } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import type { ChatEvents } from '../realtime/chat-events';
import type { UserWithWorkspace } from '../users/user-entity';
import { toGroupEntity } from './group-entity';
import { headFor, headRowsByGroup, headRowsOf } from './group-heads';
import * as repo from './groups.repository';

export const GROUP_NOT_FOUND = 'Grupo não encontrado';
export const NOT_GROUP_ADMIN = 'Apenas administradores do grupo podem fazer isso';

/**
 * What the group calls share: who may see or administer a group, the group as one viewer or an
 * event sees it, and the `group::updated` its members hear.
 */
export class GroupViews {
  constructor(
    private readonly db: Db,
    private readonly events: ChatEvents,
  ) {}

  /** 404 for a group of another workspace or one the viewer is not in: its existence is not revealed. */
  async requireMember(viewer: UserWithWorkspace, groupId: string) {
    const membership = await repo.findMembership(this.db, groupId, viewer.id);
    if (!membership) throw notFound(GROUP_NOT_FOUND);
    return membership;
  }

  async requireAdmin(viewer: UserWithWorkspace, groupId: string): Promise<void> {
    if (!(await this.requireMember(viewer, groupId)).isAdmin) throw forbidden(NOT_GROUP_ADMIN);
  }

  /**
   * `group::updated` to every member (and `alsoTo`): what changed and the group's head, never the
   * whole membership. Answers the viewer's own view of the group.
   */
  async announceUpdate(viewer: UserWithWorkspace, groupId: string, change: GroupChange, alsoTo: readonly string[] = []): Promise<Group> {
    await this.announce(groupId, change, alsoTo);
    return this.one(groupId, viewer.id);
  }

  async announce(groupId: string, change: GroupChange, alsoTo: readonly string[] = []): Promise<void> {
    const members = await repo.memberIds(this.db, groupId);
    this.events.toUsers([...members, ...alsoTo], 'group::updated', await this.updateEvent(groupId, change));
  }

  /** `group::updated`'s payload: the change and the event's small head (docs/api.md, Grupos grandes). */
  async updateEvent(groupId: string, change: GroupChange): Promise<GroupUpdated> {
    const [row] = await repo.groupSummaries(this.db, repo.groupIdIs(groupId));
    if (!row) throw notFound(GROUP_NOT_FOUND);
    const head = headFor(headRowsByGroup(await headRowsOf(this.db, [groupId])).get(groupId), null, LIMITS.groupEventHeadSize);
    const { lastMessage: _unchanged, ...group } = toGroupEntity(row, head);
    return { ...group, change };
  }

  /** The group as `viewerId` sees it, or (null) as an event for every member carries it. */
  async one(groupId: string, viewerId: string | null): Promise<Group> {
    const [group] = await this.load(repo.groupIdIs(groupId), viewerId);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return group;
  }

  async load(where: SQL | undefined, viewerId: string | null): Promise<Group[]> {
    return this.withHeads(await repo.groupSummaries(this.db, where), viewerId);
  }

  async withHeads(rows: repo.GroupSummaryRow[], viewerId: string | null): Promise<Group[]> {
    const heads = headRowsByGroup(
      await headRowsOf(
        this.db,
        rows.map((r) => r.group.id),
        viewerId === null ? [] : [viewerId],
      ),
    );
    return rows.map((r) => toGroupEntity(r, headFor(heads.get(r.group.id), viewerId)));
  }
}
