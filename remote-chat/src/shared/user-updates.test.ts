import { describe, expect, it } from 'vitest';
import type { Message } from '@chat/contracts';
import { ana, bruno, carla, conversation, group, lastMessage } from '../test/fixtures';
import { mapChanged, userInConversation, userInGroup, userInMessage } from './user-updates';

// 'user:updated' applied to every copy of a user the chat keeps.

const renamed = { ...bruno, name: 'Bruno Lima', nickName: 'brunol', avatarUrl: 'http://x/media/avatars/b.png', role: 'ADMIN' as const };
const at = '2026-03-02T10:00:00.000Z';

describe('user updates', () => {
  it('a conversation takes the new name and photo of its participant and of its last message author', () => {
    const c = conversation('c1', { lastMessage: lastMessage(at) });
    const updated = userInConversation(c, renamed);
    expect(updated.userTwo).toMatchObject({
      id: bruno.id,
      name: 'Bruno Lima',
      nickName: 'brunol',
      avatarUrl: renamed.avatarUrl,
      role: 'USER',
    });
    expect(updated.userOne).toBe(c.userOne);
    expect(updated.lastMessage?.author.name).toBe('Bruno Lima');
  });

  it('a group updates members, admins and the last message author', () => {
    const g = group('g1', { members: [ana, bruno, carla], admins: [bruno], lastMessage: lastMessage(at) });
    const updated = userInGroup(g, renamed);
    expect(updated.members.map((m) => m.name)).toEqual(['Ana', 'Bruno Lima', 'Carla']);
    expect(updated.admins[0]).toMatchObject({ name: 'Bruno Lima', avatarUrl: renamed.avatarUrl });
    expect(updated.lastMessage?.author.name).toBe('Bruno Lima');
  });

  it('bubbles of the author take the new name and photo; others stay the same object', () => {
    const mine = { id: 'm1', authorId: bruno.id, author: { id: bruno.id, name: 'Bruno', avatarUrl: null } } as Message;
    const theirs = { id: 'm2', authorId: carla.id, author: { id: carla.id, name: 'Carla', avatarUrl: null } } as Message;
    const list = [mine, theirs];
    const next = mapChanged(list, (m) => userInMessage(m, renamed));
    expect(next[0]!.author).toEqual({ id: bruno.id, name: 'Bruno Lima', avatarUrl: renamed.avatarUrl });
    expect(next[1]).toBe(theirs);
  });

  it('returns the same objects when the user is in none of them (no re-render)', () => {
    const stranger = { ...renamed, id: 'u-zeca' };
    const c = conversation('c1', { lastMessage: lastMessage(at) });
    const g = group('g1', { members: [ana, carla], admins: [ana] });
    expect(userInConversation(c, stranger)).toBe(c);
    expect(userInGroup(g, stranger)).toBe(g);
    const list = [c];
    expect(mapChanged(list, (x) => userInConversation(x, stranger))).toBe(list);
  });
});
