import { isSystemMessage, mediaPreviewText, systemMessageText, type Conversation, type Group, type LastMessage } from '@chat/contracts';
import { compareKeys, type ListKey } from './list-pages';
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
  /** Whose colour the avatar takes without a photo: the other person's id, or the group's. */
  colorKey: string;
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
  // A system line reads whole ('Ana adicionou Bruno'), without an author in front.
  if (isSystemMessage(lastMessage)) return systemMessageText(lastMessage.content.body, group?.meId);
  // An image, a file or a voice note reads as 'Imagem', its name, 'Mensagem de voz (0:42)'.
  const body = lastMessage.deleted
    ? DELETED_PREVIEW
    : (mediaPreviewText(lastMessage.content) ?? plainText(lastMessage.content.body, group?.nameOf));
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
    colorKey: other.id,
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
    colorKey: group.id,
    preview: previewText(group.lastMessage, { meId, nameOf: (id) => group.members.find((m) => m.id === id)?.name }),
    time: listTime(group.lastMessage, group.createdAt, now),
    unread: group.unreadMessages ?? 0,
    muted: group.muted ?? false,
    mentions: group.unreadMentions ?? 0,
    activityAt: activityOf(group.lastMessage, group.createdAt),
  };
}

const keyOf = (entry: ChatEntry): ListKey => ({ at: entry.activityAt, id: entry.id });

/**
 * Sorted by last activity, newest first (docs/produto.md, Regras de conversa), then by id
 * descending: the server's order of its pages, so that a page's end is the same place here.
 */
export function sortEntries(entries: ChatEntry[]): ChatEntry[] {
  return [...entries].sort((a, b) => compareKeys(keyOf(a), keyOf(b)));
}

type ListName = 'conversations' | 'groups';
export type Frontiers = Record<ListName, ListKey | null>;

const listsOf = (filter: ChatFilter): ListName[] =>
  filter === 'people' ? ['conversations'] : filter === 'groups' ? ['groups'] : ['conversations', 'groups'];

/**
 * The lists whose loaded pages end first in the merged order (the newest end among those with
 * more to load): below that end a chat of theirs may be missing, so they are the ones to load
 * next. Empty when every list the filter shows is complete.
 */
export function listsToLoad(frontiers: Frontiers, filter: ChatFilter): ListName[] {
  const open = listsOf(filter).filter((name) => frontiers[name] !== null);
  if (open.length === 0) return [];
  const first = open.reduce((a, b) => (compareKeys(frontiers[a]!, frontiers[b]!) <= 0 ? a : b));
  return open.filter((name) => compareKeys(frontiers[name]!, frontiers[first]!) === 0);
}

/**
 * The sorted entries down to where every list the filter shows is known complete: an entry
 * older than the last loaded chat of a list with more pages could have one of that list's
 * unloaded chats above it, so it waits for that page.
 */
export function entriesUntilFrontier(entries: ChatEntry[], frontiers: Frontiers, filter: ChatFilter): ChatEntry[] {
  const [name] = listsToLoad(frontiers, filter);
  if (!name) return entries;
  const end = frontiers[name]!;
  const cut = entries.findIndex((entry) => compareKeys(keyOf(entry), end) > 0);
  return cut === -1 ? entries : entries.slice(0, cut);
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
