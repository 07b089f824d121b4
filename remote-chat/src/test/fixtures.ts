import { type Conversation, type Group, type LastMessage, type Message, untouchedMessageFields, type User } from '@chat/contracts';

// Entities shaped like the server's (contracts' entity schemas), for component tests.

export function user(id: string, name: string, extra: Partial<User> = {}): User {
  return {
    id,
    name,
    nickName: name.toLowerCase(),
    email: `${name.toLowerCase()}@demo.chat`,
    role: 'USER',
    avatarUrl: null,
    neoCustomData: null,
    workspaces: [{ id: 'w1', name: 'Equipe Demo' }],
    ...extra,
  };
}

export const ana = user('u-ana', 'Ana');
export const bruno = user('u-bruno', 'Bruno');
export const carla = user('u-carla', 'Carla');

export function lastMessage(at: string, extra: Partial<LastMessage> = {}): LastMessage {
  return {
    content: { body: 'Olá', type: 'text' },
    author: { name: 'Bruno' },
    authorId: bruno.id,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

export function conversation(id: string, extra: Partial<Conversation> = {}): Conversation {
  return {
    id,
    userOneId: ana.id,
    userTwoId: bruno.id,
    userOne: ana,
    userTwo: bruno,
    createdAt: '2024-01-01T10:00:00.000Z',
    lastMessage: null,
    unreadMessages: 0,
    ...extra,
  };
}

export function group(id: string, extra: Partial<Group> = {}): Group {
  const members = extra.members ?? [ana, bruno, carla];
  const admins = extra.admins ?? [ana];
  return {
    id,
    name: 'Projeto',
    description: '',
    avatarUrl: null,
    members,
    memberCount: members.length,
    admins,
    adminCount: admins.length,
    createdAt: '2024-01-01T10:00:00.000Z',
    lastMessage: null,
    ...extra,
  };
}

export function message(id: string, extra: Partial<Message> = {}): Message {
  return {
    id,
    authorId: bruno.id,
    author: { id: bruno.id, name: bruno.name, avatarUrl: null },
    content: { id: `content-${id}`, body: `mensagem ${id}`, type: 'text' },
    status: 'DELIVERED',
    createdAt: '2024-03-10T12:00:00.000Z',
    updatedAt: '2024-03-10T12:00:00.000Z',
    conversationId: 'c1',
    groupId: null,
    clientId: null,
    ...untouchedMessageFields(),
    ...extra,
  };
}
