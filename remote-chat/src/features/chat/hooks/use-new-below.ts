import { useEffect, useRef, useState } from 'react';
import { isSystemMessage, LIMITS } from '@chat/contracts';
import { lastMessageKey, type MessageRow } from '../lib/message-rows';

/**
 * How many messages of others arrived below the view while the user was scrolled up more
 * than 100 px (docs/produto.md, Regras de conversa: the view does not follow them then). Back at
 * the bottom, zero.
 */
export function useNewBelow(rows: MessageRow[], meId: string, ready: boolean) {
  const [count, setCount] = useState(0);
  const awayFromEnd = useRef(false);
  const lastKey = useRef<string | null>(null);
  const lastTop = useRef<number | null>(null);

  useEffect(() => {
    const key = lastMessageKey(rows);
    const previous = lastKey.current;
    lastKey.current = key;
    if (!ready || previous === null || key === previous || !awayFromEnd.current) return;
    const from = rows.findIndex((row) => row.key === previous);
    // The previous last message is gone from the list (a window replaced): nothing was appended.
    if (from === -1) return;
    const arrived = rows
      .slice(from + 1)
      .filter((row) => row.type === 'message' && row.message.authorId !== meId && !isSystemMessage(row.message)).length;
    if (arrived > 0) setCount((n) => n + arrived);
  }, [rows, meId, ready]);

  /**
   * Call on every scroll with the scroller. Only a view that moved UP leaves the end (the user, a
   * jump to a quoted message, the first placement at the unread line). Following a burst of rows
   * moves it down, and can land short of an end that has grown meanwhile (rows measured taller
   * than estimated, the next row already in): that scroll kept counting as 'away', so the next
   * rows showed the 'novas mensagens' button with the view at the end (seen in CI, 31 rows in a second).
   */
  const onScroll = (element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>) => {
    const top = element.scrollTop;
    const movedUp = lastTop.current === null || top < lastTop.current;
    lastTop.current = top;
    const distance = element.scrollHeight - top - element.clientHeight;
    if (distance <= LIMITS.scrollLockPx) {
      awayFromEnd.current = false;
      setCount(0);
    } else if (movedUp) {
      awayFromEnd.current = true;
    }
  };

  return { count, onScroll, reset: () => setCount(0), isAwayFromEnd: () => awayFromEnd.current };
}
