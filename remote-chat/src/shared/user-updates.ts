import type { Conversation, Group, LastMessage, Message, User } from '@chat/contracts';

// 'user:updated': a colleague changed name, nickName or photo. Every copy of them that
// this remote keeps (list entries, the open chat, its bubbles and panels) takes the new values.
// Each function returns its input unchanged when the user is not in it, so React skips a render.

/** The profile fields a copy of a user takes; role, workspace and polygon stay as they were. */
const profileOf = (user: User) => ({ name: user.name, nickName: user.nickName, avatarUrl: user.avatarUrl });

function updateLastMessage(last: LastMessage | null, user: User): LastMessage | null {
  return last && last.authorId === user.id && last.author.name !== user.name
    ? { ...last, author: { ...last.author, name: user.name } }
    : last;
}

function updatePeople<T extends { id: string }>(people: T[], user: User): T[] {
  return people.some((p) => p.id === user.id) ? people.map((p) => (p.id === user.id ? { ...p, ...profileOf(user) } : p)) : people;
}

export function userInConversation(conversation: Conversation, user: User): Conversation {
  const lastMessage = updateLastMessage(conversation.lastMessage, user);
  const isOne = conversation.userOneId === user.id;
  const isTwo = conversation.userTwoId === user.id;
  if (!isOne && !isTwo && lastMessage === conversation.lastMessage) return conversation;
  return {
    ...conversation,
    lastMessage,
    userOne: isOne ? { ...conversation.userOne, ...profileOf(user) } : conversation.userOne,
    userTwo: isTwo ? { ...conversation.userTwo, ...profileOf(user) } : conversation.userTwo,
  };
}

export function userInGroup(group: Group, user: User): Group {
  const members = updatePeople(group.members, user);
  const admins = updatePeople(group.admins, user);
  const lastMessage = updateLastMessage(group.lastMessage, user);
  if (members === group.members && admins === group.admins && lastMessage === group.lastMessage) return group;
  return { ...group, members, admins, lastMessage };
}

export function userInMessage<M extends Message>(message: M, user: User): M {
  if (message.authorId !== user.id) return message;
  return { ...message, author: { ...message.author, name: user.name, avatarUrl: user.avatarUrl } };
}

/** Maps a list, keeping the same array when no item changed. */
export function mapChanged<T>(list: T[], update: (item: T) => T): T[] {
  let changed = false;
  const next = list.map((item) => {
    const updated = update(item);
    if (updated !== item) changed = true;
    return updated;
  });
  return changed ? next : list;
}
