import { useCallback, useEffect, useState } from 'react';
import { muteChat } from '@chat/api-client';
import { eventBus, subscribe } from '@chat/event-bus';
import type { ChatKind } from '../../../shared/chat-types';
import { notify } from '@chat/ui';
import { ACTION_TEXTS } from '../lib/action-texts';

/** 'Silenciar' / 'Reativar som' of the open chat (issue 15), stored on the server and followed from my other tabs. */
export function useMute(kind: ChatKind, chatId: string, initial: boolean): { muted: boolean; toggle: () => void } {
  const [muted, setMuted] = useState(initial);
  const [seen, setSeen] = useState(initial);
  // A reloaded target (the fetched chat) brings the stored value.
  if (initial !== seen) {
    setSeen(initial);
    setMuted(initial);
  }

  useEffect(
    () =>
      subscribe(eventBus, 'chat:muted', (change) => {
        if (change.chatId === chatId) setMuted(change.muted);
      }),
    [chatId],
  );

  const toggle = useCallback(() => {
    const next = !muted;
    setMuted(next);
    muteChat(kind, chatId, next).catch((error: unknown) => {
      setMuted(!next);
      notify.error(error, ACTION_TEXTS.failed.mute);
    });
  }, [kind, chatId, muted]);

  return { muted, toggle };
}
