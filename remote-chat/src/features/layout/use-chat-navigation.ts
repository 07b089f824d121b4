import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

interface ChatEntryState {
  /** The history entry below this chat's is the list it was opened from. */
  openedFromList?: boolean;
}

export interface ChatNavigation {
  /** Opens a chat (or a message in it) chosen in the list. */
  open: (path: string) => void;
  /** Back to the list: the in-app arrow and Escape. */
  close: () => void;
}

/**
 * Opening and leaving a chat so that the in-app arrow and the browser's (or phone's) back button
 * agree. A chat opened from the list steps back to that list's entry instead of adding a new one
 * on top (after which the phone's back button reopened the chat just closed); a chat reached
 * otherwise (a link, a reload, another chat) is replaced by the list, so back goes to what came
 * before it.
 */
export function useChatNavigation(basePath: string, chatOpen: boolean): ChatNavigation {
  const navigate = useNavigate();
  const location = useLocation();
  const fromList = (location.state as ChatEntryState | null)?.openedFromList === true;

  const open = useCallback(
    (path: string) => void navigate(path, { state: { openedFromList: !chatOpen } satisfies ChatEntryState }),
    [navigate, chatOpen],
  );
  const close = useCallback(() => {
    if (fromList) void navigate(-1);
    else void navigate(basePath, { replace: true });
  }, [navigate, fromList, basePath]);
  return { open, close };
}
