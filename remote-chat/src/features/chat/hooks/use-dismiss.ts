import { type RefObject, useEffect } from 'react';

/**
 * Closes a popover on a press outside `ref` or on Escape. Escape is handled before the page's own
 * listener (capture) and marked handled, so it closes the popover, not the conversation.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, onClose: () => void, options: { onResize?: boolean } = {}): void {
  const { onResize = false } = options;
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (ref.current && !event.composedPath().includes(ref.current)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      onClose();
    };
    if (onResize) window.addEventListener('resize', onClose);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('resize', onClose);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [ref, onClose, onResize]);
}
