import { useSyncExternalStore } from 'react';

/**
 * A touch screen without a mouse or trackpad: a phone or a tablet typed on with its on-screen
 * keyboard. There the Enter key is the only way to a new line, so it adds one and the send button
 * sends; with a physical keyboard Enter sends and Shift+Enter adds a line.
 */
export const TOUCH_TYPING_QUERY = '(hover: none) and (pointer: coarse)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia?.(TOUCH_TYPING_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const matches = () => window.matchMedia?.(TOUCH_TYPING_QUERY).matches ?? false;

/** True while the page is used by touch alone (see TOUCH_TYPING_QUERY). */
export function useTouchTyping(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false);
}
