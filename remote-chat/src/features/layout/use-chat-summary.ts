import { useEffect, useLayoutEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getChatSummary } from '@chat/api-client';
import { isSystemMessage, type ChatSummary } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { chatKeys, liveQuery } from '../../shared/query-keys';

/** Events close together (a burst of messages, a catch-up) ask the server once. */
const REFRESH_DELAY_MS = 300;

/**
 * The viewer's totals over the whole chat list (unread, silenced chats), which the sidebar's
 * loaded pages cannot give. Fetched when the screen mounts and again, after a short pause, on
 * every event that may change them: a message from someone else, a read (in any of my tabs), a
 * deletion, a silence, a new conversation, a reconnect or the server's sync (both announced as
 * 'socket:reconnected'). A message in the open chat is left to the read that follows it: the
 * list keeps the open chat at 0, and so does the badge. Undefined until the first answer.
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
      subscribe(eventBus, 'message', (message) => {
        const chatId = message.conversationId ?? message.groupId;
        if (message.authorId !== meId && chatId !== openRef.current && !isSystemMessage(message)) refresh();
      }),
      subscribe(eventBus, 'message:read:response', refresh),
      subscribe(eventBus, 'message:deleted', refresh),
      subscribe(eventBus, 'chat:muted', refresh),
      subscribe(eventBus, 'conversation', refresh),
      subscribe(eventBus, 'socket:reconnected', refresh),
    ];
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [meId, queryClient]);

  return query.data;
}
