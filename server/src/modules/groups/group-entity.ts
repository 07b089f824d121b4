import type { Group, GroupMember } from '@chat/contracts';
import { toLastMessage } from '../messages/message-entity';
import { toUserEntity } from '../users/user-entity';
import type { GroupHead } from './group-heads';
import type { GroupSummaryRow, MemberRow } from './groups.repository';

export const toGroupMember = (m: MemberRow): GroupMember => ({ ...toUserEntity(m), isAdmin: m.isAdmin });

/**
 * The Group entity: its head (counts, the first members with isAdmin, the first admins), never the
 * whole membership, which pages from GET /group/{groupId}/members (docs/produto.md, Grupos grandes).
 */
export function toGroupEntity({ group: g, last }: GroupSummaryRow, head: GroupHead): Group {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    avatarUrl: g.avatarUrl,
    memberCount: head.memberCount,
    members: head.members.map(toGroupMember),
    adminCount: head.adminCount,
    admins: head.admins.map(toUserEntity),
    ...(head.viewerIsAdmin === undefined ? {} : { viewerIsAdmin: head.viewerIsAdmin }),
    createdAt: g.createdAt.toISOString(),
    lastMessage: toLastMessage(last),
  };
}
