import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import { addReaction, deleteMessage, editMessage, removeReaction } from '@chat/api-client';
import { MESSAGE_ACTION_ERRORS } from '@chat/contracts';
import { notify } from '@chat/ui';
import { ACTION_TEXTS } from '../lib/action-texts';
import type { ChatMessage } from '../lib/merge-messages';
import { beyondReactionLimit } from '../lib/reaction-limit';
import type { MessagesState } from './use-messages';

export interface MessageActions {
  /** Resolves true when the server took the edit. */
  edit: (id: string, body: string, mentions: string[]) => Promise<boolean>;
  remove: (id: string) => Promise<void>;
  /** Adds my emoji, or removes it when it is already mine (a second click). */
  toggleReaction: (message: ChatMessage, emoji: string) => Promise<void>;
}

/**
 * Edit, delete and reactions of the open chat's messages; the answers go into the history at once.
 */
export function useMessageActions(history: Pick<MessagesState, 'apply' | 'applyReactions'>, meId: string): MessageActions {
  const { apply, applyReactions } = history;

  const editing = useMutation({
    mutationFn: async ({ id, body, mentions }: { id: string; body: string; mentions: string[] }) =>
      (await editMessage(id, { body, mentions })).data,
    onSuccess: apply,
    onError: (error) => notify.error(error, ACTION_TEXTS.failed.edit),
  });
  const removing = useMutation({
    mutationFn: async (id: string) => (await deleteMessage(id)).data,
    onSuccess: apply,
    onError: (error) => notify.error(error, ACTION_TEXTS.failed.delete),
  });
  const reacting = useMutation({
    mutationFn: async ({ id, emoji, mine }: { id: string; emoji: string; mine: boolean }) =>
      (await (mine ? removeReaction(id, emoji) : addReaction(id, emoji))).data,
    onSuccess: applyReactions,
    onError: (error) => notify.error(error, ACTION_TEXTS.failed.react),
  });
  const { mutateAsync: editAsync } = editing;
  const { mutateAsync: removeAsync } = removing;
  const { mutateAsync: reactAsync } = reacting;

  // The failures are told by each mutation's toast; the callers only learn whether it worked.
  const edit = useCallback(
    (id: string, body: string, mentions: string[]) =>
      editAsync({ id, body, mentions }).then(
        () => true,
        () => false,
      ),
    [editAsync],
  );

  const remove = useCallback(
    (id: string) =>
      removeAsync(id).then(
        () => undefined,
        () => undefined,
      ),
    [removeAsync],
  );

  const toggleReaction = useCallback(
    async (message: ChatMessage, emoji: string) => {
      const mine = message.reactions.some((r) => r.emoji === emoji && r.users.some((u) => u.id === meId));
      if (!mine && beyondReactionLimit(message.reactions, emoji)) {
        notify.error(null, MESSAGE_ACTION_ERRORS.tooManyReactions);
        return;
      }
      await reactAsync({ id: message.id, emoji, mine }).catch(() => undefined);
    },
    [reactAsync, meId],
  );

  return { edit, remove, toggleReaction };
}
