import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { muteChat } from '@chat/api-client';
import { eventBus, subscribe } from '@chat/event-bus';
import { notify } from '@chat/ui';
import type { ChatKind } from '../../../shared/chat-types';
import { ACTION_TEXTS } from '../lib/action-texts';

/**
 * 'Silenciar' / 'Reativar som' of the open chat, stored on the server and followed from my other
 * tabs.
 */
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

  // Shown at once; a refusal puts the switch back.
  const { mutate } = useMutation({
    mutationFn: (next: boolean) => muteChat(kind, chatId, next),
    onMutate: (next) => setMuted(next),
    onError: (error, next) => {
      setMuted(!next);
      notify.error(error, ACTION_TEXTS.failed.mute);
    },
  });

  return { muted, toggle: () => mutate(!muted) };
}
