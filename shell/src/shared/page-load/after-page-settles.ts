import { remoteForPath, REMOTES_ANNOUNCING_FIRST_SCREEN } from '@chat/contracts';
import { eventBus, type EventBus } from '@chat/event-bus';

/** The longest wait for an idle moment once the first screen is shown. */
export const SETTLE_TIMEOUT_MS = 2000;
/** The longest wait, after the load event, for the route's remote to announce its first screen. */
export const FIRST_SCREEN_TIMEOUT_MS = 3000;

interface Options {
  win?: Window;
  bus?: EventBus;
  /** Whether the page's remote announces its first screen; by default, from the page's path. */
  awaitFirstScreen?: boolean;
}

/** On the routes of a remote that announces its first screen ('screen:ready' on the bus). */
export const announcesFirstScreenAt = (pathname: string): boolean => {
  const remote = remoteForPath(pathname);
  return remote !== null && REMOTES_ANNOUNCING_FIRST_SCREEN.includes(remote);
};

/** The buses whose first screen was announced, and those already listened to. */
const announced = new WeakSet<EventBus>();
const watched = new WeakSet<EventBus>();

/**
 * Remembers an announcement made before anyone waits (or between two waits: the socket's effect
 * runs again when the session renews), so that a later wait does not sit out the timeout.
 */
function watch(bus: EventBus): void {
  if (watched.has(bus)) return;
  watched.add(bus);
  bus.on('screen:ready', () => announced.add(bus));
}

/**
 * Calls `run` once the page has loaded, its first screen has been shown (on the routes of a
 * remote that announces it; at most FIRST_SCREEN_TIMEOUT_MS after the load) and the main thread
 * is idle, so that work the first screen does not need stays off its critical path.
 * The load event alone came before the remote's list was painted (the app's chunks load after
 * it), and the socket's download and start-up landed in the middle of the list's first paint.
 * Returns a cancel function; after it, `run` is never called.
 */
export function afterPageSettles(run: () => void, { win = window, bus = eventBus, awaitFirstScreen }: Options = {}): () => void {
  watch(bus);
  const waitsForScreen = awaitFirstScreen ?? announcesFirstScreenAt(win.location.pathname);
  let cancel = () => {};
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') {
      const idle = win.requestIdleCallback(run, { timeout: SETTLE_TIMEOUT_MS });
      cancel = () => win.cancelIdleCallback(idle);
    } else {
      const timer = win.setTimeout(run, 0);
      cancel = () => win.clearTimeout(timer);
    }
  };
  const afterFirstScreen = () => {
    if (!waitsForScreen || announced.has(bus)) return whenIdle();
    const shown = () => {
      stop();
      whenIdle();
    };
    const timer = win.setTimeout(shown, FIRST_SCREEN_TIMEOUT_MS);
    bus.on('screen:ready', shown);
    const stop = () => {
      win.clearTimeout(timer);
      bus.off('screen:ready', shown);
    };
    cancel = stop;
  };
  if (win.document.readyState === 'complete') {
    afterFirstScreen();
  } else {
    win.addEventListener('load', afterFirstScreen, { once: true });
    cancel = () => win.removeEventListener('load', afterFirstScreen);
  }
  return () => cancel();
}
