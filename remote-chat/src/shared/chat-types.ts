import type { Conversation, Group } from '@chat/contracts';

/** The second route segment: /auth/conversations/:id/:type (docs/produto.md, Telas). */
export type ChatKind = 'conversation' | 'group';

export const isChatKind = (value: string | undefined): value is ChatKind => value === 'conversation' || value === 'group';

/** What an open chat is about. */
export type ChatTarget = { kind: 'conversation'; conversation: Conversation } | { kind: 'group'; group: Group };

export const chatPath = (basePath: string, id: string, kind: ChatKind) =>
  `${basePath.replace(/\/$/, '')}/${encodeURIComponent(id)}/${kind}`;

/** The query parameter that opens a chat at one message (a search hit). */
export const FOCUS_MESSAGE_PARAM = 'mensagem';

export const messagePath = (basePath: string, id: string, kind: ChatKind, messageId: string) =>
  `${chatPath(basePath, id, kind)}?${FOCUS_MESSAGE_PARAM}=${encodeURIComponent(messageId)}`;

/** The participant of a conversation who is not `meId`. */
export function otherParticipant(conversation: Conversation, meId: string) {
  return conversation.userOneId === meId ? conversation.userTwo : conversation.userOne;
}
