import { type RefObject, useEffect } from 'react';
import { LIMITS } from '@chat/contracts';

/**
 * Keeps the newest message in view when the history changes height (a phone's keyboard or its
 * rotation, a resized window, the connection banner coming and going): the browser keeps the
 * scroll offset, so the last messages would slide under the message box. Only when the view was
 * at the end (100 px, docs/produto.md, Regras de conversa) before the change; a reader scrolled up
 * stays where they are.
 *
 * "Before the change" is read from the offset and the previous height, not remembered from the last
 * scroll event: a placement that leaves the offset where it was (a search hit at the top of an
 * empty scroller) fires no scroll event, and the view then counted as at the end from when it was
 * empty, so the next resize threw it off the hit to the window's end.
 */
export function useKeepEndOnResize(scrollRef: RefObject<HTMLElement | null>, list: { scrollToEnd: () => void }) {
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let height = element.clientHeight;
    const observer = new ResizeObserver(() => {
      const previous = height;
      height = element.clientHeight;
      if (height === previous) return;
      // A shrinking scroller keeps its offset (the distance it had is the one with the old height);
      // a growing one at its end is clamped by the browser (its distance now is 0).
      const before = element.scrollHeight - element.scrollTop - previous;
      const now = element.scrollHeight - element.scrollTop - height;
      if (Math.min(before, now) <= LIMITS.scrollLockPx) list.scrollToEnd();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollRef, list]);
}
