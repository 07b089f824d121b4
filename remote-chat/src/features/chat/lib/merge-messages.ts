import type { Message, MessageReactionEvent, MessageStatus } from '@chat/contracts';

/**
 * A message as the chat holds it: `failed` marks an optimistic send that did not go through;
 * `upload` marks an image still on its way to the media store (local preview, percent sent);
 * `refused` an outbox message the server refused ('Não enviada', with its reason).
 */
export type ChatMessage = Message & {
  failed?: boolean;
  upload?: { previewUrl: string; progress: number };
  refused?: { reason: string | null };
};

const RANK: Record<MessageStatus, number> = { PENDING: 0, SENT: 1, DELIVERED: 2, READ: 3 };

/** The same message: same server id, or the same author's same clientId (optimistic entry). */
export function isSameMessage(a: Message, b: Message): boolean {
  if (a.id === b.id) return true;
  return a.clientId !== null && a.clientId === b.clientId && a.authorId === b.authorId;
}

/**
 * Puts a server message into the list: it replaces its optimistic entry or an earlier copy (the
 * socket echo and the send response are the same message), never duplicating it. A status never
 * goes backwards (a late SENT response must not undo a DELIVERED echo).
 */
export function upsertMessage(list: ChatMessage[], incoming: Message): ChatMessage[] {
  const index = list.findIndex((m) => isSameMessage(m, incoming));
  if (index !== -1) {
    const current = list[index]!;
    const status = RANK[current.status] > RANK[incoming.status] && !current.failed ? current.status : incoming.status;
    const next = [...list];
    next[index] = { ...incoming, status };
    return next;
  }
  const at = Date.parse(incoming.createdAt);
  let position = list.length;
  while (position > 0 && Date.parse(list[position - 1]!.createdAt) > at) position -= 1;
  return [...list.slice(0, position), incoming, ...list.slice(position)];
}

export function mergeMessages(list: ChatMessage[], incoming: Message[]): ChatMessage[] {
  return incoming.reduce<ChatMessage[]>(upsertMessage, list);
}

/** An older page goes in front; messages already held are not repeated. */
export function prependPage(list: ChatMessage[], older: Message[]): ChatMessage[] {
  const fresh = older.filter((m) => !list.some((x) => isSameMessage(x, m)));
  return [...fresh, ...list];
}

export function updateByClientId(list: ChatMessage[], clientId: string, change: Partial<ChatMessage>): ChatMessage[] {
  return list.map((m) => (m.clientId === clientId && m.status === 'PENDING' ? { ...m, ...change } : m));
}

/** A message's new reactions; the same array when the message is not held. */
export function withReactions(list: ChatMessage[], event: MessageReactionEvent): ChatMessage[] {
  const index = list.findIndex((m) => m.id === event.messageId);
  if (index === -1) return list;
  const next = [...list];
  next[index] = { ...list[index]!, reactions: event.reactions };
  return next;
}
