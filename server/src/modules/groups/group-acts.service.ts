import { LIMITS, SYSTEM_LINE_TARGETS_MAX } from '@chat/contracts';
import type { CreateGroupBody, Group, LeftGroup, SystemLine, UpdateGroupBody } from '@chat/contracts';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { type MediaAccess, usableMedia } from '../media/media-uploads';
import { isReachable, USER_NOT_FOUND } from '../conversations/conversations.service';
import type { ChatEvents } from '../realtime/chat-events';
import { recheckGroupReads } from '../realtime/group-receipts';
import type { UserWithWorkspace } from '../users/user-entity';
import { findUsersByIds } from '../users/user-lookups.repository';
import { toGroupMember } from './group-entity';
import { addMembersWithinLimit, groupMemberLimitOf, requireWithinLimit } from './group-limit.repository';
import { GROUP_NOT_FOUND, GroupViews } from './group-views';
import * as repo from './groups.repository';
import { insertSystemLine, type Person, sendSystemLine, targetsOf } from './system-lines';

export const NOT_A_MEMBER = 'Usuário não é membro do grupo';
export const ALREADY_ADMIN = 'Usuário já é administrador do grupo';
export const NOT_AN_ADMIN = 'Usuário não é administrador do grupo';
export const ALREADY_MEMBERS = 'Os usuários selecionados já são membros do grupo';
export const NO_WORKSPACE = 'Você não pertence a nenhum workspace';
export const SELF = {
  addAdmin: 'Você não pode adicionar a si mesmo como administrador',
  removeAdmin: 'Você não pode remover a si mesmo como administrador',
  addMember: 'Você não pode adicionar a si mesmo ao grupo',
  removeMember: 'Você não pode remover a si mesmo do grupo',
} as const;
export const GROUP_PHOTO_NOT_FROM_MEDIA_STORE = 'A foto do grupo deve ser enviada pelo upload de avatar';

/**
 * What changes a group: creating it and its administration. Each act answers the group as its
 * author sees it, tells the members (`group`, `group::updated`) and leaves its system line.
 */
export class GroupActs {
  private readonly views: GroupViews;

  constructor(
    private readonly db: Db,
    private readonly events: ChatEvents,
  ) {
    this.views = new GroupViews(db, events);
  }

  /**
   * The creator becomes admin and member; everyone listed must be an active user of the same
   * workspace, and all of them together within the workspace's group member limit.
   */
  async create(viewer: UserWithWorkspace, body: CreateGroupBody): Promise<Group> {
    // A group lives in its creator's workspace (a member whose workspace was deleted has none).
    if (!viewer.workspaceId) throw forbidden(NO_WORKSPACE);
    const others = (
      await this.reachableUsers(
        viewer,
        body.members.filter((id) => id !== viewer.id),
      )
    ).map((p) => p.id);
    // No one else can join a group before it exists: the count needs no lock.
    requireWithinLimit(1 + others.length, await groupMemberLimitOf(this.db, viewer.workspaceId));
    const workspaceId = viewer.workspaceId;
    const { value: row, sendLines } = await this.recorded(async (tx, note) => {
      const created = await repo.insertGroup(
        tx,
        { workspaceId, name: body.name, description: body.description, createdById: viewer.id },
        others,
      );
      await note(created.id, { kind: 'created', actor: person(viewer), targets: [] });
      return created;
    });
    this.events.toUsers([viewer.id, ...others], 'group', await this.views.one(row.id, null));
    await sendLines();
    return this.views.one(row.id, viewer.id);
  }

  async update(viewer: UserWithWorkspace, groupId: string, body: UpdateGroupBody): Promise<Group> {
    await this.views.requireAdmin(viewer, groupId);
    const { sendLines } = await this.recorded(async (tx, note) => {
      const before = await repo.groupNameOf(tx, groupId);
      await repo.updateGroup(tx, groupId, { name: body.name, description: body.description });
      // A new description alone is no event of the chat's.
      if (before !== body.name) await note(groupId, { kind: 'renamed', actor: person(viewer), targets: [], name: body.name });
    });
    const group = await this.views.announceUpdate(viewer, groupId, { kind: 'renamed', name: body.name, description: body.description });
    await sendLines();
    return group;
  }

  async addAdmin(viewer: UserWithWorkspace, groupId: string, newAdminId: string): Promise<Group> {
    await this.views.requireAdmin(viewer, groupId);
    if (newAdminId === viewer.id) throw forbidden(SELF.addAdmin);
    const target = await repo.findMembership(this.db, groupId, newAdminId);
    if (!target) throw notFound(NOT_A_MEMBER);
    if (target.isAdmin) throw conflict(ALREADY_ADMIN);
    const promoted = await this.people([newAdminId]);
    const { sendLines } = await this.recorded(async (tx, note) => {
      await repo.setAdmin(tx, groupId, newAdminId, true);
      await note(groupId, { kind: 'promoted', actor: person(viewer), ...targetsOf(promoted) });
    });
    const group = await this.views.announceUpdate(viewer, groupId, { kind: 'adminAdded', adminId: newAdminId });
    await sendLines();
    return group;
  }

  async removeAdmin(viewer: UserWithWorkspace, groupId: string, adminId: string): Promise<Group> {
    await this.views.requireAdmin(viewer, groupId);
    if (adminId === viewer.id) throw forbidden(SELF.removeAdmin);
    const target = await repo.findMembership(this.db, groupId, adminId);
    if (!target) throw notFound(NOT_A_MEMBER);
    if (!target.isAdmin) throw conflict(NOT_AN_ADMIN);
    await repo.setAdmin(this.db, groupId, adminId, false);
    return this.views.announceUpdate(viewer, groupId, { kind: 'adminRemoved', adminId });
  }

  /**
   * New members hear `group` (the chat appears in their list); the others `group::updated` with the
   * first few of them. Within the workspace's group member limit, counted under the group's lock.
   */
  async addMembers(viewer: UserWithWorkspace, groupId: string, ids: readonly string[]): Promise<Group> {
    await this.views.requireAdmin(viewer, groupId);
    if (ids.includes(viewer.id)) throw forbidden(SELF.addMember);
    const named = await this.reachableUsers(viewer, ids);
    const users = named.map((p) => p.id);
    const { value: added, sendLines } = await this.recorded(async (tx, note) => {
      const fresh = await addMembersWithinLimit(tx, groupId, users);
      if (fresh.length === 0) throw conflict(ALREADY_MEMBERS);
      const freshSet = new Set(fresh);
      const freshNamed = named.filter((p) => freshSet.has(p.id)).slice(0, SYSTEM_LINE_TARGETS_MAX);
      await note(groupId, { kind: 'added', actor: person(viewer), ...targetsOf(freshNamed), count: fresh.length });
      return fresh;
    });
    const addedSet = new Set(added);
    const previous = (await repo.memberIds(this.db, groupId)).filter((id) => !addedSet.has(id));
    this.events.toUsers(added, 'group', await this.views.one(groupId, null));
    const firstAdded = await repo.membersOf(this.db, [groupId], repo.memberIdIn(added.slice(0, LIMITS.groupEventHeadSize)));
    this.events.toUsers(
      previous,
      'group::updated',
      await this.views.updateEvent(groupId, { kind: 'membersAdded', members: firstAdded.map(toGroupMember), addedCount: added.length }),
    );
    await sendLines();
    return this.views.one(groupId, viewer.id);
  }

  /** The removed member hears `group::updated` too: the group without them drops from their list. */
  async removeMember(viewer: UserWithWorkspace, groupId: string, memberId: string): Promise<Group> {
    await this.views.requireAdmin(viewer, groupId);
    if (memberId === viewer.id) throw forbidden(SELF.removeMember);
    const removed = await this.people([memberId]);
    const { sendLines } = await this.recorded(async (tx, note) => {
      if (!(await repo.removeMember(tx, groupId, memberId))) throw notFound(NOT_A_MEMBER);
      await note(groupId, { kind: 'removed', actor: person(viewer), ...targetsOf(removed) });
    });
    const group = await this.views.announceUpdate(viewer, groupId, { kind: 'memberRemoved', memberId }, [memberId]);
    await sendLines();
    // Their unread messages no longer hold back the others' highlighted ticks.
    await recheckGroupReads({ db: this.db, events: this.events }, [groupId], memberId);
    return group;
  }

  /**
   * 'Sair do grupo': any member, for themselves. They hear `group::updated` as a removed member
   * does (the chat drops from their list); the last admin leaving makes the longest-standing
   * member admin (a second `group::updated`, and its line).
   */
  async leave(viewer: UserWithWorkspace, groupId: string): Promise<LeftGroup> {
    const { value: promotedId, sendLines } = await this.recorded(async (tx, note) => {
      const { left, promotedId: promoted } = await repo.leaveGroup(tx, groupId, viewer.id);
      if (!left) throw notFound(GROUP_NOT_FOUND);
      await note(groupId, { kind: 'left', actor: person(viewer), targets: [] });
      if (promoted) {
        const named = targetsOf(await this.people([promoted], tx));
        await note(groupId, { kind: 'promoted', actor: person(viewer), ...named, automatic: true });
      }
      return promoted;
    });
    await this.views.announce(groupId, { kind: 'memberRemoved', memberId: viewer.id }, [viewer.id]);
    if (promotedId) await this.views.announce(groupId, { kind: 'adminAdded', adminId: promotedId });
    await sendLines();
    await recheckGroupReads({ db: this.db, events: this.events }, [groupId], viewer.id);
    return { id: groupId };
  }

  /** The group's photo, for its admins: an image uploaded within the workspace ('avatars'), or null. */
  async updatePhoto(viewer: UserWithWorkspace, groupId: string, avatarUrl: string | null, media: MediaAccess): Promise<Group> {
    await this.views.requireAdmin(viewer, groupId);
    if (avatarUrl !== null && (await usableMedia(media, avatarUrl, viewer))?.folder !== 'avatars') {
      throw badRequest(GROUP_PHOTO_NOT_FROM_MEDIA_STORE);
    }
    const { sendLines } = await this.recorded(async (tx, note) => {
      await repo.setGroupPhoto(tx, groupId, avatarUrl);
      await note(groupId, { kind: 'photo', actor: person(viewer), targets: [], ...(avatarUrl === null ? { removed: true } : {}) });
    });
    const group = await this.views.announceUpdate(viewer, groupId, { kind: 'photoChanged' });
    await sendLines();
    return group;
  }

  /**
   * An act's writes and the system lines it notes commit in one transaction, so the chat records
   * every act that happened and no act that did not. The lines reach the members with
   * `sendLines`, once committed and after the act's own events.
   */
  private async recorded<T>(
    work: (tx: Db, note: (groupId: string, line: SystemLine) => Promise<void>) => Promise<T>,
  ): Promise<{ value: T; sendLines: () => Promise<void> }> {
    const noted: { groupId: string; id: string }[] = [];
    const value = await inTransaction(this.db, (tx) =>
      work(tx, async (groupId, line) => {
        noted.push({ groupId, id: await insertSystemLine(tx, groupId, line) });
      }),
    );
    const sendLines = async () => {
      for (const { groupId, id } of noted) await sendSystemLine(this.db, this.events, groupId, id);
    };
    return { value, sendLines };
  }

  /** These users by their names now, in the order given. */
  private async people(ids: readonly string[], db: Db = this.db): Promise<Person[]> {
    const found = await findUsersByIds(db, ids);
    return ids.flatMap((id) => {
      const user = found.get(id);
      return user ? [person(user)] : [];
    });
  }

  /** Distinct users by id and name, each an active user of the viewer's workspace (404 otherwise). */
  private async reachableUsers(viewer: UserWithWorkspace, ids: readonly string[]): Promise<Person[]> {
    const unique = [...new Set(ids)];
    const found = await findUsersByIds(this.db, unique);
    return unique.map((id) => {
      const user = found.get(id);
      if (!isReachable(viewer, user)) throw notFound(USER_NOT_FOUND);
      return person(user);
    });
  }
}

const person = (user: { id: string; name: string }): Person => ({ id: user.id, name: user.name });
