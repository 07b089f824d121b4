import { describe, expect, expectTypeOf, it } from 'vitest';
import { type Conversation, type Group, type GroupUpdated, type Message, untouchedMessageFields, type User } from './entities';
import {
  CLIENT_EVENT_NAMES,
  clientEventSchemas,
  parseEvent,
  SERVER_EVENT_NAMES,
  serverEventSchemas,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from './socket-events';

const uuid = (n: number) => `3f2504e0-4f89-41d3-9a0c-0305e82c33${String(n).padStart(2, '0')}`;

const user = (n: number): User => ({
  id: uuid(n),
  name: `Pessoa ${n}`,
  nickName: `pessoa${n}`,
  email: `pessoa${n}@demo.chat`,
  role: 'USER',
  avatarUrl: null,
  neoCustomData: null,
  workspaces: [{ id: uuid(90), name: 'Equipe Demo' }],
});

const lastMessage = {
  content: { body: 'oi', type: 'text' as const },
  author: { name: 'Pessoa 1' },
  authorId: uuid(1),
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
};

const conversation: Conversation = {
  id: uuid(10),
  userOneId: uuid(1),
  userTwoId: uuid(2),
  userOne: user(1),
  userTwo: user(2),
  createdAt: '2025-01-01T09:00:00.000Z',
  lastMessage,
  unreadMessages: 1,
};

const message: Message = {
  id: uuid(20),
  authorId: uuid(1),
  author: { id: uuid(1), name: 'Pessoa 1', avatarUrl: null },
  content: { id: uuid(21), body: 'oi', type: 'text' },
  status: 'DELIVERED',
  createdAt: '2025-01-01T10:00:00.000Z',
  updatedAt: '2025-01-01T10:00:00.000Z',
  conversationId: uuid(10),
  groupId: null,
  clientId: 'c-1',
  ...untouchedMessageFields(),
};

const edited: Message = {
  ...message,
  content: { ...message.content, body: 'olá' },
  editedAt: '2025-01-01T10:05:00.000Z',
  replyTo: { id: uuid(22), authorId: uuid(2), authorName: 'Pessoa 2', body: 'pergunta', type: 'text', deleted: false },
  reactions: [{ emoji: '👍', users: [{ id: uuid(2), name: 'Pessoa 2' }] }],
};

const deleted: Message = {
  ...message,
  content: { ...message.content, body: '' },
  deletedAt: '2025-01-01T10:06:00.000Z',
  deletedBy: 'admin',
};

const group: Group = {
  id: uuid(30),
  name: 'Time',
  description: '',
  avatarUrl: null,
  memberCount: 2,
  members: [{ ...user(1), isAdmin: true }, user(2)],
  adminCount: 1,
  admins: [user(1)],
  createdAt: '2025-01-01T09:00:00.000Z',
  lastMessage: null,
};
const { lastMessage: _lastMessage, ...groupHead } = group;

const goodServer = {
  conversation,
  message,
  group,
  // The event carries the group's head without its last message (a change never moves it).
  'group::updated': { ...groupHead, change: { kind: 'renamed', name: 'Time', description: '' } },
  'message:read:response': { conversationId: uuid(10), readerId: uuid(2) },
  userStatusResponse: { userId: uuid(2), status: 'online' },
  userStatus: { userId: uuid(2), status: 'offline' },
  'user:typing:response': { conversationId: uuid(10), userId: uuid(2), isTyping: true },
  'user:updated': user(2),
  'session:changed': { reason: 'features' },
  'account:deactivated': { userId: uuid(2) },
  'session:revoked': { reason: 'password' },
  'message:updated': edited,
  'message:deleted': deleted,
  'message:reaction': { messageId: uuid(20), conversationId: null, groupId: uuid(30), reactions: edited.reactions },
  'message:receipt': {
    groupId: uuid(30),
    userIds: [uuid(2)],
    status: 'READ',
    at: '2025-01-01T10:07:00.000Z',
    completedIds: [uuid(20)],
  },
  'chat:muted': { chatId: uuid(30), isGroup: true, muted: true },
  'sync:required': undefined,
  'server:draining': { reconnectWithinMs: 500 },
  'data-export:ready': { expiresAt: '2025-01-02T10:00:00.000Z' },
  'workspace-export:ready': { expiresAt: '2025-01-02T10:00:00.000Z' },
} as const;

const badServer = {
  conversation: { ...conversation, unreadMessages: -1 },
  message: { ...message, status: 'LOST' },
  group: { ...group, members: 'all' },
  'group::updated': { ...group, change: { kind: 'renamed' } },
  'message:read:response': { conversationId: uuid(10) },
  userStatusResponse: { userId: uuid(2), status: 'away' },
  userStatus: { userId: '', status: 'online' },
  'user:typing:response': { conversationId: uuid(10), userId: uuid(2), isTyping: 'yes' },
  'user:updated': { ...user(2), role: 'GOD' },
  'session:changed': { reason: 'whim' },
  'account:deactivated': {},
  'session:revoked': { reason: 'boredom' },
  'message:updated': { ...edited, reactions: [{ emoji: '👍' }] },
  'message:deleted': { ...deleted, deletedBy: 'someone' },
  'message:reaction': { messageId: uuid(20), reactions: [] },
  'message:receipt': { groupId: uuid(30), userIds: [uuid(2)], status: 'SEEN', at: 'x', completedIds: [] },
  'chat:muted': { chatId: uuid(30), muted: 'yes' },
  'sync:required': { since: 0 },
  'server:draining': { reconnectWithinMs: -1 },
  'data-export:ready': {},
  'workspace-export:ready': { expiresAt: 1 },
};

const goodClient = {
  'user:typing': { conversationId: uuid(10), isTyping: true, targetUsersIds: [uuid(2)] },
  'message:read': { conversationId: uuid(10) },
  'message:read:all': { conversationId: uuid(10) },
  checkUserStatus: { userId: uuid(2) },
  'group:read': { groupId: uuid(30) },
} as const;

const badClient = {
  'user:typing': { conversationId: uuid(10), isTyping: true },
  'message:read': { conversationId: 'abc' },
  'message:read:all': {},
  checkUserStatus: { userId: 42 },
  'group:read': { groupId: 'grupo' },
};

describe('event names', () => {
  it('are the realtime events of the original spec plus the account events and the message actions', () => {
    expect([...SERVER_EVENT_NAMES].sort()).toEqual(
      [
        'conversation',
        'message',
        'group',
        'group::updated',
        'message:read:response',
        'userStatusResponse',
        'userStatus',
        'user:typing:response',
        'user:updated',
        'session:changed',
        'account:deactivated',
        'session:revoked',
        'message:updated',
        'message:deleted',
        'message:reaction',
        'message:receipt',
        'chat:muted',
        'sync:required',
        'server:draining',
        'data-export:ready',
        'workspace-export:ready',
      ].sort(),
    );
    expect([...CLIENT_EVENT_NAMES].sort()).toEqual(['checkUserStatus', 'group:read', 'message:read', 'message:read:all', 'user:typing']);
  });
});

describe.each(SERVER_EVENT_NAMES)('server -> client %s', (name) => {
  it('accepts a good payload', () => {
    expect(serverEventSchemas[name].safeParse(goodServer[name]).success).toBe(true);
    expect(parseEvent('serverToClient', name, goodServer[name])).toEqual({ ok: true, data: goodServer[name] });
  });

  it('rejects a bad payload', () => {
    expect(serverEventSchemas[name].safeParse(badServer[name]).success).toBe(false);
    const result = parseEvent('serverToClient', name, badServer[name]);
    expect(result.ok).toBe(false);
    // The one event without a payload is the one that accepts none.
    if (goodServer[name] !== undefined) expect(parseEvent('serverToClient', name, undefined).ok).toBe(false);
  });
});

describe.each(CLIENT_EVENT_NAMES)('client -> server %s', (name) => {
  it('accepts a good payload', () => {
    expect(clientEventSchemas[name].safeParse(goodClient[name]).success).toBe(true);
    expect(parseEvent('clientToServer', name, goodClient[name])).toEqual({ ok: true, data: goodClient[name] });
  });

  it('rejects a bad payload', () => {
    expect(clientEventSchemas[name].safeParse(badClient[name]).success).toBe(false);
    expect(parseEvent('clientToServer', name, badClient[name]).ok).toBe(false);
    expect(parseEvent('clientToServer', name, 'string').ok).toBe(false);
  });
});

describe('parseEvent', () => {
  it('reports paths and messages without the payload values', () => {
    const secret = 'segredo@demo.chat';
    const result = parseEvent('serverToClient', 'conversation', {
      ...conversation,
      userOne: { ...user(1), email: secret, role: 'GOD' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.path)).toEqual(['userOne.role']);
    expect(result.error).toContain('conversation: userOne.role');
    expect(JSON.stringify(result)).not.toContain(secret);
    expect(JSON.stringify(result)).not.toContain('GOD');
  });

  it('drops unknown events, including prototype names', () => {
    for (const name of ['nope', 'constructor', '__proto__', 'toString']) {
      const result = parseEvent('serverToClient', name as 'message', message);
      expect(result).toMatchObject({ ok: false, error: `${name}: Evento desconhecido` });
    }
    // A server event name is not a client event.
    expect(parseEvent('clientToServer', 'message' as 'message:read', { conversationId: uuid(1) }).ok).toBe(false);
  });

  it('bound a read by the newest message shown, when one is given', () => {
    for (const [name, ref] of [
      ['message:read', { conversationId: uuid(10) }],
      ['message:read:all', { conversationId: uuid(10) }],
      ['group:read', { groupId: uuid(30) }],
    ] as const) {
      expect(parseEvent('clientToServer', name, { ...ref, lastMessageId: uuid(20) })).toEqual({
        ok: true,
        data: { ...ref, lastMessageId: uuid(20) },
      });
      expect(parseEvent('clientToServer', name, { ...ref, lastMessageId: 'a última' }).ok).toBe(false);
      expect(parseEvent('clientToServer', name, { ...ref, lastMessageId: null }).ok).toBe(false);
    }
  });

  it('types the data by direction and name', () => {
    const result = parseEvent('serverToClient', 'userStatus', goodServer.userStatus);
    if (result.ok)
      expectTypeOf(result.data).toEqualTypeOf<{ userId: string; status: 'online' | 'offline'; lastSeenAt?: string | null | undefined }>();
    const typing = parseEvent('clientToServer', 'user:typing', goodClient['user:typing']);
    if (typing.ok) expectTypeOf(typing.data.targetUsersIds).toEqualTypeOf<string[]>();
  });
});

describe('socket.io generics', () => {
  it('map each event to a one-payload listener', () => {
    expectTypeOf<Parameters<ServerToClientEvents['message']>[0]>().toEqualTypeOf<Message>();
    expectTypeOf<Parameters<ServerToClientEvents['group::updated']>[0]>().toEqualTypeOf<GroupUpdated>();
    expectTypeOf<Parameters<ClientToServerEvents['checkUserStatus']>[0]>().toEqualTypeOf<{ userId: string }>();
  });
});
