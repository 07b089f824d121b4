import { useCallback } from 'react';
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

/** Edit, delete and reactions of the open chat's messages (issue 15); the answers go into the history at once. */
export function useMessageActions(history: Pick<MessagesState, 'apply' | 'applyReactions'>, meId: string): MessageActions {
  const { apply, applyReactions } = history;

  const edit = useCallback(
    async (id: string, body: string, mentions: string[]) => {
      try {
        apply((await editMessage(id, { body, mentions })).data);
        return true;
      } catch (error) {
        notify.error(error, ACTION_TEXTS.failed.edit);
        return false;
      }
    },
    [apply],
  );

  const remove = useCallback(
    async (id: string) => {
      try {
        apply((await deleteMessage(id)).data);
      } catch (error) {
        notify.error(error, ACTION_TEXTS.failed.delete);
      }
    },
    [apply],
  );

  const toggleReaction = useCallback(
    async (message: ChatMessage, emoji: string) => {
      const mine = message.reactions.some((r) => r.emoji === emoji && r.users.some((u) => u.id === meId));
      if (!mine && beyondReactionLimit(message.reactions, emoji)) {
        notify.error(null, MESSAGE_ACTION_ERRORS.tooManyReactions);
        return;
      }
      try {
        applyReactions((await (mine ? removeReaction(message.id, emoji) : addReaction(message.id, emoji))).data);
      } catch (error) {
        notify.error(error, ACTION_TEXTS.failed.react);
      }
    },
    [applyReactions, meId],
  );

  return { edit, remove, toggleReaction };
}
