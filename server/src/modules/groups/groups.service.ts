import { and } from 'drizzle-orm';
import type { ChatListPage, Group, GroupMember } from '@chat/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { USER_NOT_FOUND } from '../conversations/conversations.service';
import type { ChatEvents } from '../realtime/chat-events';
import type { UserWithWorkspace } from '../users/user-entity';
import { findUsersByIds } from '../users/user-lookups.repository';
import { toGroupEntity, toGroupMember } from './group-entity';
import { headFor } from './group-heads';
import { GroupLists } from './group-lists';
import { GroupViews } from './group-views';
import * as repo from './groups.repository';

/** The group calls that read: lists, search, one group, its members; and one's own silence. */
export class GroupsService {
  private readonly lists: GroupLists;
  private readonly views: GroupViews;

  constructor(
    private readonly db: Db,
    private readonly events: ChatEvents,
  ) {
    this.lists = new GroupLists(db);
    this.views = new GroupViews(db, events);
  }

  async list(viewer: UserWithWorkspace, page?: ChatListPage): Promise<Group[]> {
    // A page (the sidebar) is its own statement; the whole list (API clients) keeps the batched read.
    if (page && (page.limit !== null || page.before)) {
      return this.forViewer(viewer, await this.views.withHeads(await repo.groupPage(this.db, viewer.id, page), viewer.id));
    }
    const { rows, heads } = await this.lists.of(viewer.id);
    return rows.map((r) => withState(toGroupEntity(r, headFor(heads.get(r.group.id), viewer.id)), r.state));
  }

  async search(viewer: UserWithWorkspace, content: string): Promise<Group[]> {
    return this.forViewer(
      viewer,
      await this.views.load(and(repo.hasMember(this.db, viewer.id), repo.groupMatches(this.db, content)), viewer.id),
    );
  }

  /** Groups both users belong to; the other user must be in the viewer's workspace. */
  async commonWith(viewer: UserWithWorkspace, otherId: string): Promise<Group[]> {
    const other = (await findUsersByIds(this.db, [otherId])).get(otherId);
    if (!other || !viewer.workspaceId || other.workspaceId !== viewer.workspaceId) throw notFound(USER_NOT_FOUND);
    return this.views.load(and(repo.hasMember(this.db, viewer.id), repo.hasMember(this.db, otherId)), viewer.id);
  }

  async getById(viewer: UserWithWorkspace, id: string): Promise<Group> {
    await this.views.requireMember(viewer, id);
    const [group] = await this.forViewer(viewer, [await this.views.one(id, viewer.id)]);
    return group!;
  }

  /** 'Silenciar' / 'Reativar som' for the viewer only; their other tabs hear `chat:muted`. */
  async setMuted(viewer: UserWithWorkspace, groupId: string, muted: boolean): Promise<{ muted: boolean }> {
    await this.views.requireMember(viewer, groupId);
    await repo.setGroupMuted(this.db, groupId, viewer.id, muted);
    this.events.toUsers([viewer.id], 'chat:muted', { chatId: groupId, isGroup: true, muted });
    return { muted };
  }

  /**
   * The viewer's own state of each group: silenced, unread messages (the 'Mensagens não lidas'
   * line) and unread mentions of them ('@' badge).
   */
  private async forViewer(viewer: UserWithWorkspace, list: Group[]): Promise<Group[]> {
    const states = await repo.viewerGroupStates(
      this.db,
      viewer.id,
      list.map((g) => g.id),
    );
    return list.map((g) => withState(g, states.get(g.id)));
  }

  async searchMembers(viewer: UserWithWorkspace, groupId: string, content: string): Promise<GroupMember[]> {
    await this.views.requireMember(viewer, groupId);
    const rows = await repo.membersOf(this.db, [groupId], content ? repo.memberMatches(content) : undefined);
    return rows.map(toGroupMember);
  }
}

const withState = (g: Group, state: repo.ViewerGroupState | undefined): Group => ({
  ...g,
  muted: state?.muted ?? false,
  unreadMessages: state?.unreadMessages ?? 0,
  unreadMentions: state?.unreadMentions ?? 0,
});
