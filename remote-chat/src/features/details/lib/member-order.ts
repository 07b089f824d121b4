import type { Group, GroupMember } from '@chat/contracts';

export interface MemberView {
  member: GroupMember;
  isMe: boolean;
  isAdmin: boolean;
}

/** docs/produto.md, Telas: my own entry first, then admins, then everyone else (by name). */
export function orderMembers(members: GroupMember[], group: Group, meId: string): MemberView[] {
  const adminIds = new Set(group.admins.map((a) => a.id));
  const views = members.map((member) => ({
    member,
    isMe: member.id === meId,
    isAdmin: adminIds.has(member.id) || member.isAdmin === true,
  }));
  const rank = (v: MemberView) => (v.isMe ? 0 : v.isAdmin ? 1 : 2);
  return views.sort((a, b) => rank(a) - rank(b) || a.member.name.localeCompare(b.member.name, 'pt-BR'));
}

export const isGroupAdmin = (group: Group, userId: string) => group.admins.some((a) => a.id === userId);
