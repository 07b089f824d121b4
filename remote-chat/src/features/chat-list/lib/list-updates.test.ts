import { describe, expect, it } from 'vitest';
import { ana, bruno, conversation, group, lastMessage, message } from '../../../test/fixtures';
import {
  applyGroupReadReceipt,
  applyMessageToConversations,
  applyMessageToGroups,
  applyReadResponse,
  clearGroupUnread,
  clearUnread,
  countsAsUnread,
} from './list-updates';

const list = [conversation('c1', { lastMessage: lastMessage('2024-03-10T10:00:00.000Z'), unreadMessages: 1 })];

describe('live chat-list updates', () => {
  it("makes a message the conversation's last one and counts it unread", () => {
    const next = applyMessageToConversations(list, message('m1', { createdAt: '2024-03-10T11:00:00.000Z' }), ana.id, null)!;
    expect(next[0]!.lastMessage!.content.body).toBe('mensagem m1');
    expect(next[0]!.unreadMessages).toBe(2);
  });

  it('keeps the unread count at 0 for the open conversation', () => {
    const next = applyMessageToConversations(list, message('m1', { createdAt: '2024-03-10T11:00:00.000Z' }), ana.id, 'c1')!;
    expect(next[0]!.unreadMessages).toBe(0);
  });

  it('does not count my own messages, nor the same message twice', () => {
    const mine = message('m1', { authorId: ana.id, createdAt: '2024-03-10T11:00:00.000Z' });
    expect(applyMessageToConversations(list, mine, ana.id, null)![0]!.unreadMessages).toBe(1);
    const theirs = message('m2', { createdAt: '2024-03-10T11:00:00.000Z' });
    const once = applyMessageToConversations(list, theirs, ana.id, null)!;
    expect(applyMessageToConversations(once, theirs, ana.id, null)![0]!.unreadMessages).toBe(2);
  });

  it('returns null for a conversation the list does not know', () => {
    expect(applyMessageToConversations(list, message('m1', { conversationId: 'other' }), ana.id, null)).toBeNull();
  });

  it('updates groups and clears unread counts', () => {
    const groups = [group('g1')];
    const next = applyMessageToGroups(groups, message('m1', { conversationId: null, groupId: 'g1' }))!;
    expect(next[0]!.lastMessage!.author.name).toBe('Bruno');
    expect(clearUnread(list, 'c1')[0]!.unreadMessages).toBe(0);
  });

  it("counts a group's incoming messages of others while it is closed (the unread line's count), not while open; mine or reading clear them", () => {
    const at = (minute: number) => `2024-03-10T12:${String(minute).padStart(2, '0')}:00.000Z`;
    let groups = [group('g1', { unreadMessages: 2 })];
    groups = applyMessageToGroups(groups, message('g-m1', { conversationId: null, groupId: 'g1', createdAt: at(1) }), ana.id, null)!;
    groups = applyMessageToGroups(groups, message('g-m1', { conversationId: null, groupId: 'g1', createdAt: at(1) }), ana.id, null)!;
    expect(groups[0]!.unreadMessages).toBe(3);
    expect(clearGroupUnread(groups, 'g1')[0]).toMatchObject({ unreadMessages: 0, unreadMentions: 0 });
    groups = applyMessageToGroups(groups, message('g-m3', { conversationId: null, groupId: 'g1', createdAt: at(3) }), ana.id, 'g1')!;
    expect(groups[0]!.unreadMessages).toBe(3);
    // Posting reads the group (another tab of mine posted).
    groups = applyMessageToGroups(
      groups,
      message('g-m4', { conversationId: null, groupId: 'g1', createdAt: at(4), authorId: ana.id }),
      ana.id,
      null,
    )!;
    expect(groups[0]).toMatchObject({ unreadMessages: 0, unreadMentions: 0 });
    groups = applyMessageToGroups(groups, message('g-m5', { conversationId: null, groupId: 'g1', createdAt: at(5) }), ana.id, null)!;
    expect(groups[0]!.unreadMessages).toBe(1);
    // A type nobody writes (a line the product writes itself) becomes the last message, never unread.
    const line = message('g-m6', { conversationId: null, groupId: 'g1', createdAt: at(6) });
    groups = applyMessageToGroups(groups, { ...line, content: { ...line.content, type: 'system' as never } }, ana.id, null)!;
    expect(groups[0]).toMatchObject({ unreadMessages: 1, lastMessage: { id: 'g-m6' } });
    const image = message('g-m7', { conversationId: null, groupId: 'g1', createdAt: at(7) });
    groups = applyMessageToGroups(groups, { ...image, content: { ...image.content, type: 'image' } }, ana.id, null)!;
    expect(groups[0]!.unreadMessages).toBe(2);
  });

  it('shows a system line as the preview without counting it, nor clearing the count when it is mine', () => {
    const line = (id: string, authorId: string, minute: number) =>
      message(id, {
        conversationId: null,
        groupId: 'g1',
        authorId,
        createdAt: `2024-03-10T12:0${minute}:00.000Z`,
        content: { id, body: '{}', type: 'system' },
      });
    let groups = [group('g1', { unreadMessages: 2 })];
    groups = applyMessageToGroups(groups, line('s1', bruno.id, 1), ana.id, null)!;
    expect(groups[0]).toMatchObject({ unreadMessages: 2, lastMessage: { id: 's1' } });
    groups = applyMessageToGroups(groups, line('s2', ana.id, 2), ana.id, null)!;
    expect(groups[0]).toMatchObject({ unreadMessages: 2, lastMessage: { id: 's2' } });
  });
});

describe('unread rules', () => {
  const at = (minute: number) => `2024-03-10T11:${String(minute).padStart(2, '0')}:00.000Z`;

  it('counts an incoming DELIVERED (or SENT) message from another author, not READ nor mine', () => {
    expect(countsAsUnread(message('a', { status: 'DELIVERED' }), ana.id)).toBe(true);
    expect(countsAsUnread(message('b', { status: 'SENT' }), ana.id)).toBe(true);
    expect(countsAsUnread(message('c', { status: 'READ' }), ana.id)).toBe(false);
    expect(countsAsUnread(message('d', { status: 'DELIVERED', authorId: ana.id }), ana.id)).toBe(false);
  });

  it('adds one per new incoming message while the conversation is closed, and is 0 while open', () => {
    let state = list;
    for (const minute of [1, 2, 3]) {
      state = applyMessageToConversations(state, message(`m${minute}`, { createdAt: at(minute) }), ana.id, null)!;
    }
    expect(state[0]!.unreadMessages).toBe(4);
    state = applyMessageToConversations(state, message('m4', { createdAt: at(4) }), ana.id, 'c1')!;
    expect(state[0]!.unreadMessages).toBe(0);
  });

  it('does not count an older message arriving late (a re-sent or re-fetched one)', () => {
    const next = applyMessageToConversations(list, message('old', { createdAt: '2024-03-10T09:00:00.000Z' }), ana.id, null)!;
    expect(next).toBe(list);
  });

  it('clears the count when I read the conversation in any tab, not when the other person reads', () => {
    const both = [conversation('c1', { unreadMessages: 3 }), conversation('c2', { unreadMessages: 2 })];
    const mine = applyReadResponse(both, { conversationId: 'c1', readerId: ana.id }, ana.id);
    expect(mine.map((c) => c.unreadMessages)).toEqual([0, 2]);
    expect(applyReadResponse(both, { conversationId: 'c1', readerId: 'u-bruno' }, ana.id)).toBe(both);
    expect(applyReadResponse(both, { conversationId: 'unknown', readerId: ana.id }, ana.id)).toBe(both);
  });

  it('keeps the count when my read, sent late, covered less than the last message', () => {
    const read = (readUpTo: string) => applyReadResponse(list, { conversationId: 'c1', readerId: ana.id, readUpTo }, ana.id);
    expect(read('2024-03-10T09:59:00.000Z')).toBe(list);
    expect(read('2024-03-10T10:00:00.000Z')[0]!.unreadMessages).toBe(0);
    // A last message of mine after the bound leaves nothing unread.
    const mineLast = [
      conversation('c1', { lastMessage: lastMessage('2024-03-10T10:00:00.000Z', { authorId: ana.id }), unreadMessages: 1 }),
    ];
    expect(
      applyReadResponse(mineLast, { conversationId: 'c1', readerId: ana.id, readUpTo: '2024-03-10T09:59:00.000Z' }, ana.id)[0]!
        .unreadMessages,
    ).toBe(0);
  });

  it("clears a group's count on my READ receipt, unless it came late and covered less than the last message", () => {
    const groups = [
      group('g1', { lastMessage: lastMessage('2024-03-10T10:00:00.000Z'), unreadMessages: 15, unreadMentions: 1 }),
      group('g2', { unreadMessages: 2 }),
    ];
    const receipt = (extra: { userIds?: string[]; status?: 'READ' | 'DELIVERED'; readUpTo?: string } = {}) =>
      applyGroupReadReceipt(
        groups,
        { groupId: 'g1', userIds: [ana.id], status: 'READ', at: '2024-03-10T10:00:05.000Z', completedIds: [], ...extra },
        ana.id,
      );
    expect(receipt().map((g) => [g.unreadMessages, g.unreadMentions])).toEqual([
      [0, 0],
      [2, undefined],
    ]);
    expect(receipt({ readUpTo: '2024-03-10T10:00:00.000Z' })[0]!.unreadMessages).toBe(0);
    // Read up to a message before the last one (Diego's 15 arrived after the page showed his first).
    expect(receipt({ readUpTo: '2024-03-10T09:59:00.000Z' })).toBe(groups);
    expect(receipt({ userIds: ['u-bruno', 'u-carla'] })).toBe(groups);
    expect(receipt({ status: 'DELIVERED' })).toBe(groups);
  });
});
