import { useEffect, useRef } from 'react';

/**
 * Gives an overlay its own entry in the browser's history, so that back (a phone's back gesture)
 * closes it rather than the chat; closed another way, the entry is taken back. The entry keeps
 * the page's URL and the router's own state, so the router sees nothing change.
 */
export function useCloseOnBack(onClose: () => void): void {
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });

  // Refs outlive StrictMode's second run of the effect: one entry, taken back only on a real close.
  const pushed = useRef(false);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    if (!pushed.current) {
      const state: unknown = window.history.state;
      window.history.pushState(typeof state === 'object' && state !== null ? { ...state, overlay: true } : { overlay: true }, '');
      pushed.current = true;
    }
    const onPop = () => {
      pushed.current = false;
      latest.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      mounted.current = false;
      setTimeout(() => {
        if (mounted.current || !pushed.current) return;
        pushed.current = false;
        window.history.back();
      }, 0);
    };
  }, []);
}
