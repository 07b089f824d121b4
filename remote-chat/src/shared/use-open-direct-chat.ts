import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { createConversation } from '@chat/api-client';
import { ERROR_TEXTS, type Conversation } from '@chat/contracts';
import { chatPath } from './chat-types';
import { notifyError } from './notify-error';

/**
 * Opens the direct conversation with a user, creating it when there is none (the server returns
 * the existing pair), and navigates to it. Resolves to whether it worked.
 */
export function useOpenDirectChat(basePath: string, onConversation?: (conversation: Conversation) => void) {
  const navigate = useNavigate();
  return useCallback(
    async (userId: string): Promise<boolean> => {
      try {
        const { data } = await createConversation({ userTwoId: userId });
        onConversation?.(data);
        void navigate(chatPath(basePath, data.id, 'conversation'));
        return true;
      } catch (error) {
        notifyError(error, ERROR_TEXTS.conversation.create);
        return false;
      }
    },
    [basePath, navigate, onConversation],
  );
}
