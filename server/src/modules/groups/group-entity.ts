import type { Group, GroupMember } from '@chat/contracts';
import { toLastMessage } from '../messages/message-entity';
import { toUserEntity } from '../users/user-entity';
import type { GroupSummaryRow, MemberRow } from './groups.repository';

export const toGroupMember = (m: MemberRow): GroupMember => ({ ...toUserEntity(m), isAdmin: m.isAdmin });

/**
 * The Group entity: members (each with isAdmin, admins first) and admins apart, as the original
 * spec's Group lists them.
 */
export function toGroupEntity({ group: g, last }: GroupSummaryRow, members: readonly MemberRow[]): Group {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    avatarUrl: g.avatarUrl,
    members: members.map(toGroupMember),
    admins: members.filter((m) => m.isAdmin).map(toUserEntity),
    createdAt: g.createdAt.toISOString(),
    lastMessage: toLastMessage(last),
  };
}
