import { useCallback, useEffect, useRef, useState } from 'react';
import { getConversationById, getGroupById, isUnanswered } from '@chat/api-client';
import { ERROR_TEXTS, type Group } from '@chat/contracts';
import { eventBus, subscribe } from '@chat/event-bus';
import type { ChatKind, ChatTarget } from '../../../shared/chat-types';
import { notify } from '@chat/ui';
import { userInConversation, userInGroup } from '../../../shared/user-updates';

export interface ChatTargetState {
  target: ChatTarget | null;
  loading: boolean;
  /** Fetches the chat again (after a group change made here). */
  reload: () => void;
}

/** The chat; null when the server refused it; 'unanswered' when no answer came (offline, server down). */
async function fetchTarget(kind: ChatKind, id: string): Promise<ChatTarget | null | 'unanswered'> {
  try {
    if (kind === 'group') return { kind: 'group', group: (await getGroupById(id)).data };
    return { kind: 'conversation', conversation: (await getConversationById(id)).data };
  } catch (error) {
    // Not a missing chat: it stays loading and is fetched again once the connection is back.
    if (isUnanswered(error)) return 'unanswered';
    notify.error(error, kind === 'group' ? ERROR_TEXTS.group.get : ERROR_TEXTS.conversation.get);
    return null;
  }
}

/** The conversation or group of the open route, kept current by 'group::updated' and 'user:updated'. */
export function useChatTarget(kind: ChatKind, id: string): ChatTargetState {
  const [target, setTarget] = useState<ChatTarget | null>(null);
  const [loading, setLoading] = useState(true);

  const loaded = useRef(false);
  const apply = useCallback((next: ChatTarget | null | 'unanswered') => {
    if (next === 'unanswered') return;
    if (next) {
      loaded.current = true;
      setTarget(next);
    }
    setLoading(false);
  }, []);
  const reload = useCallback(() => void fetchTarget(kind, id).then(apply), [kind, id, apply]);

  useEffect(() => {
    const reloadUnloaded = () => !loaded.current && reload();
    window.addEventListener('online', reloadUnloaded);
    const onGroup = (group: Group) => {
      if (kind === 'group' && group.id === id) setTarget({ kind: 'group', group });
    };
    const offs = [
      subscribe(eventBus, 'group::updated', onGroup),
      subscribe(eventBus, 'socket:reconnected', reload),
      // Opened offline, or the network dropped while it loaded (issue 16: its unsent messages are
      // shown in it): loaded once the connection is there.
      subscribe(eventBus, 'socket:status', ({ status }) => status === 'connected' && !loaded.current && reload()),
      () => window.removeEventListener('online', reloadUnloaded),
      // Header and details panel show a colleague's new name and photo at once (issue 12).
      subscribe(eventBus, 'user:updated', (user) =>
        setTarget((current) => {
          if (!current) return current;
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
  }, [kind, id, reload]);

  useEffect(() => {
    let cancelled = false;
    void fetchTarget(kind, id).then((next) => {
      if (!cancelled) apply(next);
    });
    return () => {
      cancelled = true;
    };
  }, [kind, id, apply]);

  return { target, loading, reload };
}
