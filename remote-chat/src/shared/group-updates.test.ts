import { describe, expect, it } from 'vitest';
import type { GroupUpdated } from '@chat/contracts';
import { ana, bruno, carla, group, user } from '../test/fixtures';
import { applyGroupUpdate, memberSummary, removedMe, viewerIsGroupAdmin } from './group-updates';

const diego = user('u-diego', 'Diego');
const event = (extra: Partial<GroupUpdated>, change: GroupUpdated['change']): GroupUpdated => ({ ...group('g1'), ...extra, change });

describe('group::updated deltas', () => {
  it('keeps me first in the head, and my own fields', () => {
    const mine = group('g1', { members: [carla, ana, bruno], viewerIsAdmin: false, muted: true, unreadMessages: 4 });
    const next = applyGroupUpdate(
      mine,
      event({ name: 'Novo', memberCount: 1000 }, { kind: 'renamed', name: 'Novo', description: '' }),
      carla.id,
    );
    expect(next.members.map((m) => m.id)).toEqual([carla.id, ana.id, bruno.id]);
    expect(next).toMatchObject({ name: 'Novo', memberCount: 1000, viewerIsAdmin: false, muted: true, unreadMessages: 4 });
  });

  it('takes the head of a membership change, me still first, and keeps the last message', () => {
    const mine = group('g1', { members: [carla, ana, bruno], memberCount: 3, lastMessage: null, unreadMessages: 2 });
    const { lastMessage: _none, ...head } = group('g1', { members: [ana, bruno, diego], memberCount: 4 });
    const next = applyGroupUpdate(mine, { ...head, change: { kind: 'membersAdded', members: [diego], addedCount: 1 } }, carla.id);
    expect(next.members.map((m) => m.id)).toEqual([carla.id, ana.id, bruno.id, diego.id]);
    expect(next).toMatchObject({ memberCount: 4, unreadMessages: 2, lastMessage: null });
  });

  it('follows admin changes of mine only', () => {
    const mine = group('g1', { members: [carla, ana, bruno], viewerIsAdmin: false });
    const promoted = applyGroupUpdate(mine, event({}, { kind: 'adminAdded', adminId: carla.id }), carla.id);
    expect(promoted.viewerIsAdmin).toBe(true);
    expect(promoted.members[0]).toMatchObject({ id: carla.id, isAdmin: true });
    expect(applyGroupUpdate(promoted, event({}, { kind: 'adminAdded', adminId: bruno.id }), carla.id).viewerIsAdmin).toBe(true);
    expect(applyGroupUpdate(promoted, event({}, { kind: 'adminRemoved', adminId: carla.id }), carla.id).viewerIsAdmin).toBe(false);
  });

  it('says when the change took me out', () => {
    expect(removedMe(event({}, { kind: 'memberRemoved', memberId: carla.id }), carla.id)).toBe(true);
    expect(removedMe(event({}, { kind: 'memberRemoved', memberId: bruno.id }), carla.id)).toBe(false);
  });

  it('decides admin actions from viewerIsAdmin, or the admins of an older copy', () => {
    expect(viewerIsGroupAdmin(group('g1', { viewerIsAdmin: true, admins: [] }), carla.id)).toBe(true);
    expect(viewerIsGroupAdmin(group('g1'), ana.id)).toBe(true);
  });

  it('shows every nickname of a small group, and the first ones and how many more of a big one', () => {
    expect(memberSummary(group('g1'))).toBe(`${ana.nickName}, ${bruno.nickName}, ${carla.nickName}`);
    const big = group('g1', { members: [ana, bruno, carla, diego], memberCount: 1000 });
    expect(memberSummary(big)).toBe(`${ana.nickName}, ${bruno.nickName}, ${carla.nickName} e mais 997`);
  });
});
