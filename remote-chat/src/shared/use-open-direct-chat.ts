import { useCallback } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { createConversation } from '@chat/api-client';
import { ERROR_TEXTS, type Conversation } from '@chat/contracts';
import { notify } from '@chat/ui';
import { chatPath } from './chat-types';

/**
 * Opens the direct conversation with a user, creating it when there is none (the server returns
 * the existing pair), and navigates to it. Resolves to whether it worked.
 */
export function useOpenDirectChat(basePath: string, onConversation?: (conversation: Conversation) => void) {
  const navigate = useNavigate();
  const { mutateAsync } = useMutation({
    mutationFn: async (userId: string) => (await createConversation({ userTwoId: userId })).data,
    onError: (error) => notify.error(error, ERROR_TEXTS.conversation.create),
  });
  return useCallback(
    (userId: string): Promise<boolean> =>
      mutateAsync(userId).then(
        (conversation) => {
          onConversation?.(conversation);
          void navigate(chatPath(basePath, conversation.id, 'conversation'));
          return true;
        },
        () => false,
      ),
    [basePath, navigate, onConversation, mutateAsync],
  );
}
