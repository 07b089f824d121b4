import type { Conversation, Group, LastMessage } from '@chat/contracts';
import { listTime } from '../../../shared/dates';
import { otherParticipant, type ChatKind } from '../../../shared/chat-types';
import { plainText } from '../../../shared/format-text';

// The chat-list rules of docs/produto.md, Telas and Regras de conversa, as pure functions.

export const NO_MESSAGE_PREVIEW = 'Seja o primeiro a enviar uma mensagem';
export const IMAGE_PREVIEW = 'Imagem';
export const DELETED_PREVIEW = 'Mensagem apagada';

export type ChatFilter = 'all' | 'people' | 'groups';

export interface ChatEntry {
  id: string;
  kind: ChatKind;
  name: string;
  avatarUrl: string | null;
  preview: string;
  time: string;
  unread: number;
  /** Silenced by me, and unread mentions of me (the '@' badge). */
  muted: boolean;
  mentions: number;
  /** Last message time, or creation time: the sort key. */
  activityAt: number;
}

/**
 * The last message as it reads (no formatting markers, mentions as names, 'Mensagem
 * apagada' once deleted), after its author's name in groups.
 */
export function previewText(
  lastMessage: LastMessage | null,
  group: { meId: string; nameOf?: (id: string) => string | undefined } | null,
): string {
  if (!lastMessage) return NO_MESSAGE_PREVIEW;
  const body = lastMessage.deleted
    ? DELETED_PREVIEW
    : lastMessage.content.type === 'image'
      ? IMAGE_PREVIEW
      : plainText(lastMessage.content.body, group?.nameOf);
  if (!group) return body;
  const author = lastMessage.authorId === group.meId ? 'Você' : lastMessage.author.name;
  return `${author}: ${body}`;
}

const activityOf = (lastMessage: LastMessage | null, createdAt: string) => Date.parse(lastMessage?.createdAt ?? createdAt) || 0;

/** Conversations without a message are hidden unless I am userOne (the one who started it). */
export function isConversationVisible(conversation: Conversation, meId: string): boolean {
  return conversation.lastMessage !== null || conversation.userOneId === meId;
}

export function conversationEntry(conversation: Conversation, meId: string, now: Date): ChatEntry {
  const other = otherParticipant(conversation, meId);
  return {
    id: conversation.id,
    kind: 'conversation',
    name: other.name,
    avatarUrl: other.avatarUrl,
    preview: previewText(conversation.lastMessage, null),
    time: listTime(conversation.lastMessage, conversation.createdAt, now),
    unread: conversation.unreadMessages,
    muted: conversation.muted ?? false,
    mentions: 0,
    activityAt: activityOf(conversation.lastMessage, conversation.createdAt),
  };
}

export function groupEntry(group: Group, meId: string, now: Date): ChatEntry {
  return {
    id: group.id,
    kind: 'group',
    name: group.name,
    avatarUrl: group.avatarUrl,
    preview: previewText(group.lastMessage, { meId, nameOf: (id) => group.members.find((m) => m.id === id)?.name }),
    time: listTime(group.lastMessage, group.createdAt, now),
    // docs/produto.md, Regras de conversa: the group unread count is shown as 0.
    unread: 0,
    muted: group.muted ?? false,
    mentions: group.unreadMentions ?? 0,
    activityAt: activityOf(group.lastMessage, group.createdAt),
  };
}

/** Sorted by last activity, newest first (docs/produto.md, Regras de conversa). */
export function sortEntries(entries: ChatEntry[]): ChatEntry[] {
  return [...entries].sort((a, b) => b.activityAt - a.activityAt || a.id.localeCompare(b.id));
}

export function buildEntries(
  conversations: Conversation[],
  groups: Group[],
  meId: string,
  filter: ChatFilter,
  now: Date = new Date(),
): ChatEntry[] {
  const entries: ChatEntry[] = [];
  if (filter !== 'groups') {
    for (const c of conversations) if (isConversationVisible(c, meId)) entries.push(conversationEntry(c, meId, now));
  }
  if (filter !== 'people') {
    for (const g of groups) entries.push(groupEntry(g, meId, now));
  }
  return sortEntries(entries);
}
