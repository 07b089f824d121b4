/** The longest wait for an idle moment once the page has loaded. */
export const SETTLE_TIMEOUT_MS = 2000;

/**
 * Calls `run` once the page has loaded and the main thread is idle (or SETTLE_TIMEOUT_MS after
 * the load at the latest), so that work the first render does not need stays off its critical
 * path (issue 18). Returns a cancel function; after it, `run` is never called.
 */
export function afterPageSettles(run: () => void, win: Window = window): () => void {
  let cancel = () => {};
  const schedule = () => {
    if (typeof win.requestIdleCallback === 'function') {
      const idle = win.requestIdleCallback(run, { timeout: SETTLE_TIMEOUT_MS });
      cancel = () => win.cancelIdleCallback(idle);
    } else {
      const timer = win.setTimeout(run, 0);
      cancel = () => win.clearTimeout(timer);
    }
  };
  if (win.document.readyState === 'complete') {
    schedule();
  } else {
    win.addEventListener('load', schedule, { once: true });
    cancel = () => win.removeEventListener('load', schedule);
  }
  return () => cancel();
}
