/** The longest wait for the paint: a page in a background tab gets no animation frames. */
export const PAINT_TIMEOUT_MS = 100;

export interface SlotFrame {
  /** Resolves once the frame in which a remote's slot first appeared has been painted. */
  painted: () => Promise<void>;
  /** The slot's first commit (RemoteSlot): `painted` resolves after the browser's next paint. */
  shown: () => void;
}

/**
 * On a signed-in page's first visit the remote's code had usually arrived (it is
 * preloaded) by the time the area's layout rendered, so its modules and its first render ran
 * before anything was painted, and a phone showed a blank page until the chat list was ready.
 * A remote's modules now wait for this frame (federation.ts, beforeExecuteFactory): the navigation,
 * the page header and the slot's spinner are painted first, then the remote runs.
 * A requestAnimationFrame callback runs just before a paint; a task queued from it runs after it.
 */
export function createSlotFrame(win: Window = window): SlotFrame {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  let seen = false;
  return {
    painted: () => promise,
    shown: () => {
      if (seen) return;
      seen = true;
      win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
      win.setTimeout(resolve, PAINT_TIMEOUT_MS);
    },
  };
}

/** The page's one slot frame. */
export const slotFrame = createSlotFrame();
