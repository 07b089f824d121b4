import { useEffect } from 'react';

/**
 * Keeps `--app-height` at the height the user actually sees. On phones the on-screen keyboard
 * shrinks the visual viewport but not always the layout one (iOS Safari), so a layout sized by
 * 100vh would leave the message box under the keyboard; sized by this variable, it stays above.
 */
export function useVisualViewportHeight(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    // Times the scale: a pinch zoom shrinks the visual viewport too, but must not shrink the layout.
    const update = () => root.style.setProperty('--app-height', `${Math.round(viewport.height * viewport.scale)}px`);
    update();
    viewport.addEventListener('resize', update);
    return () => {
      viewport.removeEventListener('resize', update);
      root.style.removeProperty('--app-height');
    };
  }, []);
}
