import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getConversationById, getGroupById, isUnanswered } from '@chat/api-client';
import { ERROR_TEXTS, type GroupUpdated } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import { notify } from '@chat/ui';
import type { ChatKind, ChatTarget } from '../../../shared/chat-types';
import { applyGroupUpdate, removedMe } from '../../../shared/group-updates';
import { chatKeys, liveQuery } from '../../../shared/query-keys';
import { userInConversation, userInGroup } from '../../../shared/user-updates';

export interface ChatTargetState {
  target: ChatTarget | null;
  loading: boolean;
  /** Fetches the chat again (after a group change made here). */
  reload: () => void;
  /** I was removed from the open group (or left it in another tab): its chat no longer shows. */
  removed: boolean;
}

async function fetchTarget(kind: ChatKind, id: string): Promise<ChatTarget> {
  try {
    if (kind === 'group') return { kind: 'group', group: (await getGroupById(id)).data };
    return { kind: 'conversation', conversation: (await getConversationById(id)).data };
  } catch (error) {
    // No answer (offline, server down) is not a missing chat: no toast, and it is fetched again
    // once the connection is back.
    if (!isUnanswered(error)) notify.error(error, kind === 'group' ? ERROR_TEXTS.group.get : ERROR_TEXTS.conversation.get);
    throw error;
  }
}

/** The conversation or group of the open route, kept current by 'group::updated' and 'user:updated'. */
export function useChatTarget(kind: ChatKind, id: string, meId: string): ChatTargetState {
  const queryClient = useQueryClient();
  const key = chatKeys.target(kind, id);
  const query = useQuery({ ...liveQuery, queryKey: key, queryFn: () => fetchTarget(kind, id), refetchOnMount: 'always' });
  const { refetch } = query;
  const loaded = query.data !== undefined;
  const [removed, setRemoved] = useState(false);

  const reload = useCallback(() => void refetch(), [refetch]);

  useEffect(() => {
    const targetKey = chatKeys.target(kind, id);
    const update = (change: (current: ChatTarget) => ChatTarget) =>
      queryClient.setQueryData<ChatTarget>(targetKey, (current) => current && change(current));
    const reloadUnloaded = () => !queryClient.getQueryData(targetKey) && reload();
    window.addEventListener('online', reloadUnloaded);
    // The change applies to the open group; the members panel pages its list again.
    const onGroup = (event: GroupUpdated) => {
      if (kind !== 'group' || event.id !== id) return;
      if (removedMe(event, meId)) {
        setRemoved(true);
        return;
      }
      update((current) => (current.kind === 'group' ? { kind: 'group', group: applyGroupUpdate(current.group, event, meId) } : current));
      if (event.change.kind !== 'renamed') void queryClient.invalidateQueries({ queryKey: chatKeys.groupMemberPages(id) });
    };
    const offs = [
      subscribe(eventBus, 'group::updated', onGroup),
      subscribe(eventBus, 'socket:reconnected', reload),
      // Opened offline, or the network dropped while it loaded (its unsent messages are
      // shown in it): loaded once the connection is there.
      subscribe(eventBus, 'socket:status', ({ status }) => status === 'connected' && reloadUnloaded()),
      () => window.removeEventListener('online', reloadUnloaded),
      // Header and details panel show a colleague's new name and photo at once.
      subscribe(eventBus, 'user:updated', (user) =>
        update((current) => {
          if (current.kind === 'group') {
            const group = userInGroup(current.group, user);
            return group === current.group ? current : { kind: 'group', group };
          }
          const conversation = userInConversation(current.conversation, user);
          return conversation === current.conversation ? current : { kind: 'conversation', conversation };
        }),
      ),
    ];
    return () => offs.forEach((off) => off());
  }, [kind, id, meId, reload, queryClient]);

  // Refused by the server: not found. Without an answer it stays loading until the connection is back.
  const refused = query.isError && !isUnanswered(query.error);
  return { target: query.data ?? null, loading: !loaded && !refused, reload, removed };
}
