import { describe, expect, it } from 'vitest';
import { ana, conversation, group, lastMessage, message } from '../../../test/fixtures';
import { applyMessageToConversations, applyMessageToGroups, clearUnread } from './list-updates';

const list = [conversation('c1', { lastMessage: lastMessage('2024-03-10T10:00:00.000Z'), unreadMessages: 1 })];

describe('live chat-list updates (SPEC section 4)', () => {
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
});
