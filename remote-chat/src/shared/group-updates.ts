import { LIMITS, type Group, type GroupMember, type GroupUpdated } from '@chat/contracts';

// 'group::updated' carries what changed and the group's head as every member sees it; the copy
// kept here also holds what only this viewer has (my place first in the head, whether I am an
// admin, silence, unread counts). Applying an event keeps those.

/** Whether the event took me out of the group: its chat leaves the list and closes. */
export const removedMe = (event: GroupUpdated, meId: string) => event.change.kind === 'memberRemoved' && event.change.memberId === meId;

/** My admin state after the event (an admin change of someone else leaves it as it was). */
function viewerIsAdminAfter(current: Group | undefined, event: GroupUpdated, meId: string): boolean | undefined {
  const { change } = event;
  if (change.kind === 'adminAdded' && change.adminId === meId) return true;
  if (change.kind === 'adminRemoved' && change.adminId === meId) return false;
  return current?.viewerIsAdmin ?? (event.admins.some((a) => a.id === meId) || undefined);
}

/**
 * The group as I see it after `event`: the event's small head where the membership changed (with
 * my own entry kept first, 'Você' first), my longer copy of it otherwise; and my own fields (admin
 * state, silence, unread counts, the last message the list keeps live) as they were. `current` is
 * the copy I had (none when the group was not known).
 */
export function applyGroupUpdate(current: Group | undefined, event: GroupUpdated, meId: string): Group {
  const { change, ...head } = event;
  const viewerIsAdmin = viewerIsAdminAfter(current, event, meId);
  const membershipChanged = change.kind === 'membersAdded' || change.kind === 'memberRemoved';
  const adminId = change.kind === 'adminAdded' || change.kind === 'adminRemoved' ? change.adminId : null;
  const withAdmin = <M extends GroupMember>(m: M): M => (m.id === adminId ? { ...m, isAdmin: change.kind === 'adminAdded' } : m);
  let members: GroupMember[];
  if (current && !membershipChanged) {
    members = current.members.map(withAdmin);
  } else {
    const mine = event.members.find((m) => m.id === meId) ?? current?.members.find((m) => m.id === meId);
    const me = mine && viewerIsAdmin !== undefined ? { ...mine, isAdmin: viewerIsAdmin } : mine;
    const others = event.members.filter((m) => m.id !== meId);
    members = (me ? [me, ...others] : others).slice(0, LIMITS.groupHeadSize);
  }
  return {
    ...current,
    ...head,
    members,
    ...(viewerIsAdmin === undefined ? {} : { viewerIsAdmin }),
    lastMessage: current?.lastMessage ?? null,
  };
}

/** I may manage the group: the answer says so, or (an older copy) I am among its admins. */
export const viewerIsGroupAdmin = (group: Group, meId: string) => group.viewerIsAdmin ?? group.admins.some((a) => a.id === meId);

/** The header's line: the first nicknames and how many more ("ana, bruno, carla e mais 997"). */
export function memberSummary(group: Pick<Group, 'members' | 'memberCount'>, shown = 3): string {
  // A group the head holds whole lists everyone, as the original line did.
  const all = group.memberCount <= group.members.length;
  const names = (all ? group.members : group.members.slice(0, shown)).map((m) => m.nickName);
  const more = group.memberCount - names.length;
  return more > 0 ? `${names.join(', ')} e mais ${more}` : names.join(', ');
}
