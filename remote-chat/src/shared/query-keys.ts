import type { ChatKind } from './chat-types';

/**
 * Every query key of remote-chat, so that a socket event or a change made here updates or
 * invalidates exactly the data that shows it. The prefix keeps them apart from the other remotes'
 * keys when apps share one client.
 */
export const chatKeys = {
  all: ['chat'] as const,
  conversations: () => [...chatKeys.all, 'conversations'] as const,
  groups: () => [...chatKeys.all, 'groups'] as const,
  /** What the whole list adds up to (GET /conversation/chat-summary), whatever pages are loaded. */
  summary: () => [...chatKeys.all, 'summary'] as const,
  target: (kind: ChatKind, id: string) => [...chatKeys.all, 'target', kind, id] as const,
  chatSearch: (term: string) => [...chatKeys.all, 'search', 'chats', term] as const,
  messageSearch: (term: string) => [...chatKeys.all, 'search', 'messages', term] as const,
  groupMembers: (groupId: string, term: string) => [...chatKeys.all, 'group-members', groupId, term] as const,
  /** The details panel's pages of members: every search of one group under one prefix. */
  groupMemberPages: (groupId: string, term?: string) =>
    term === undefined
      ? ([...chatKeys.all, 'group-member-pages', groupId] as const)
      : ([...chatKeys.all, 'group-member-pages', groupId, term] as const),
  /** The member pickers' pages of users who may join (`groupId` empty for a new group). */
  groupCandidates: (groupId: string, term: string) => [...chatKeys.all, 'group-candidates', groupId, term] as const,
  /** The details panel's 'Mídia' or 'Arquivos' of one chat. */
  sharedMedia: (kind: ChatKind, id: string, media: 'files' | 'media') => [...chatKeys.all, 'shared-media', kind, id, media] as const,
  commonGroups: (userId: string) => [...chatKeys.all, 'common-groups', userId] as const,
  receipts: (messageId: string) => [...chatKeys.all, 'receipts', messageId] as const,
  userSearch: (term: string) => [...chatKeys.all, 'user-search', term] as const,
};

/**
 * What the chat's queries share: the socket keeps their data current and says when to fetch
 * again, so nothing is refetched on focus or mount of an already-fetched key by itself, and a
 * failure is shown at once (the screens offer their own 'Tentar novamente'). `networkMode:
 * 'always'` lets a fetch made offline fail as it did, instead of waiting paused and silent.
 */
export const liveQuery = {
  retry: false,
  networkMode: 'always',
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;
