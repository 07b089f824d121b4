import { useRef, useState } from 'react';
import { useSwipeable } from 'react-swipeable';

/** How far the bubble follows the finger, and from where letting go replies (px). */
export const SWIPE_MAX_SHIFT = 72;
export const SWIPE_REPLY_AT = 56;

export interface SwipeToReply {
  /** Goes on the bubble: its touches are followed. */
  ref: (element: HTMLElement | null) => void;
  /** How far the bubble is pulled right now (0 when it is not). */
  shift: number;
}

/**
 * 'Responder' by swiping a bubble to the right on a touch screen, like the phone
 * messengers. Only a gesture that starts horizontally is followed (a vertical one is the history
 * scrolling, and the bubble's `touch-action: pan-y` leaves that to the browser); a finger at rest
 * is still the long-press menu, which any move cancels. Mouse drags are not tracked, so selecting
 * text keeps working. Pass null where a reply is not possible.
 */
export function useSwipeToReply(onReply: (() => void) | null): SwipeToReply {
  const [shift, setShift] = useState(0);
  const following = useRef(false);
  // react-swipeable types its callback ref as a method; it uses no `this`, so it is handed on alone.
  const swipeable: Pick<SwipeToReply, 'ref'> = useSwipeable({
    trackTouch: onReply !== null,
    trackMouse: false,
    delta: 10,
    onSwipeStart: (e) => {
      following.current = e.dir === 'Right';
    },
    onSwiping: (e) => {
      if (following.current) setShift(Math.max(0, Math.min(SWIPE_MAX_SHIFT, e.deltaX)));
    },
    onSwiped: (e) => {
      if (following.current && e.deltaX >= SWIPE_REPLY_AT) onReply?.();
      following.current = false;
      setShift(0);
    },
  });
  return { ref: swipeable.ref, shift };
}
