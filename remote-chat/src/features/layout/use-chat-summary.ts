import { useEffect, useLayoutEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getChatSummary } from '@chat/api-client';
import { type ChatSummary, countsTowardUnread, type Message } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { removedMe } from '../../shared/group-updates';
import { chatKeys, liveQuery } from '../../shared/query-keys';

/** Events close together (a burst of messages, a catch-up) ask the server once. */
const REFRESH_DELAY_MS = 300;

/**
 * A message that may change the totals: one from someone else of a type that counts, outside the
 * open chat (there the read that follows it settles the totals, as the list keeps that chat at 0),
 * or one of mine in a group (posting reads the group).
 */
const changesTotals = (message: Message, meId: string, openId: string | null) => {
  const chatId = message.conversationId ?? message.groupId;
  if (message.authorId === meId) return !!message.groupId;
  return chatId !== openId && countsTowardUnread(message.content.type);
};

/**
 * The viewer's totals over the whole chat list (unread conversations and groups, silenced chats),
 * which the sidebar's loaded pages cannot give. Fetched when the screen mounts and again, after a
 * short pause, on every event that may change them: a message (changesTotals), a read in any of my
 * tabs (a conversation's 'message:read:response', my own READ receipt of a group), a deletion, a
 * silence, a new conversation, leaving a group, a reconnect or the server's sync (both announced
 * as 'socket:reconnected'). Undefined until the first answer.
 */
export function useChatSummary(meId: string, openId: string | null): ChatSummary | undefined {
  const queryClient = useQueryClient();
  const openRef = useRef(openId);
  useLayoutEffect(() => {
    openRef.current = openId;
  });
  const query = useQuery({
    ...liveQuery,
    queryKey: chatKeys.summary(),
    queryFn: async () => (await getChatSummary()).data,
    refetchOnMount: 'always',
  });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: chatKeys.summary() }), REFRESH_DELAY_MS);
    };
    const offs = [
      subscribe(eventBus, 'message', (message) => changesTotals(message, meId, openRef.current) && refresh()),
      subscribe(eventBus, 'message:read:response', refresh),
      subscribe(eventBus, 'message:receipt', (receipt) => receipt.status === 'READ' && receipt.userIds.includes(meId) && refresh()),
      subscribe(eventBus, 'group::updated', (event) => removedMe(event, meId) && refresh()),
      subscribe(eventBus, 'message:deleted', refresh),
      subscribe(eventBus, 'chat:muted', refresh),
      subscribe(eventBus, 'conversation', refresh),
      // At once, not after the pause: the shell asked for the summary with the catch-up's other
      // calls (FIRST_CALLS), and the api-client hands that answer only to a call made now.
      subscribe(eventBus, 'socket:reconnected', () => void queryClient.invalidateQueries({ queryKey: chatKeys.summary() })),
    ];
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [meId, queryClient]);

  return query.data;
}
