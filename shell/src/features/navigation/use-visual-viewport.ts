import { useEffect } from 'react';

/**
 * Keeps `--app-height` at the height the user actually sees. On phones the on-screen keyboard
 * shrinks the visual viewport but not always the layout one (iOS Safari), so a layout sized by
 * 100vh would leave the message box under the keyboard; sized by this variable, it stays above.
 *
 * Until the visual viewport differs from the layout one, the CSS fallback (100dvh) is that height
 * already: the variable is set on the viewport's resize events, and not while the page mounts,
 * where reading the viewport forced a layout of the whole page in the middle of its first render
 * (a visible part of a phone's first load). One check after the first render still catches a
 * keyboard that was open when the page mounted.
 */
export function useVisualViewportHeight(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    // Times the scale: a pinch zoom shrinks the visual viewport too, but must not shrink the layout.
    const visibleHeight = () => Math.round(viewport.height * viewport.scale);
    const update = () => root.style.setProperty('--app-height', `${visibleHeight()}px`);
    const firstCheck = setTimeout(() => {
      if (visibleHeight() < window.innerHeight) update();
    }, 0);
    viewport.addEventListener('resize', update);
    return () => {
      clearTimeout(firstCheck);
      viewport.removeEventListener('resize', update);
      root.style.removeProperty('--app-height');
    };
  }, []);
}
