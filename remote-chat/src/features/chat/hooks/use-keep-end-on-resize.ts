import { type RefObject, useEffect } from 'react';
import { LIMITS } from '@chat/contracts';

const distanceFromEnd = (element: HTMLElement) => element.scrollHeight - element.scrollTop - element.clientHeight;

/**
 * Keeps the newest message in view when the history changes height (a phone's keyboard or its
 * rotation, a resized window, the connection banner coming and going): the browser keeps the
 * scroll offset, so the last messages would slide under the message box. Only when the view was
 * at the end (SPEC section 2's 100 px) before the change; a reader scrolled up stays where they are.
 */
export function useKeepEndOnResize(scrollRef: RefObject<HTMLElement | null>, list: { scrollToEnd: () => void }) {
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let atEnd = distanceFromEnd(element) <= LIMITS.scrollLockPx;
    let height = element.clientHeight;
    // A shrinking scroller does not move its offset, so no scroll event comes between the last one and the resize.
    const onScroll = () => {
      atEnd = distanceFromEnd(element) <= LIMITS.scrollLockPx;
    };
    const observer = new ResizeObserver(() => {
      if (element.clientHeight === height) return;
      height = element.clientHeight;
      if (atEnd) list.scrollToEnd();
    });
    element.addEventListener('scroll', onScroll, { passive: true });
    observer.observe(element);
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', onScroll);
    };
  }, [scrollRef, list]);
}
