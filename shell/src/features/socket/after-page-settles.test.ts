import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles, SETTLE_TIMEOUT_MS } from './after-page-settles';

// Issue 18: the socket waits until the page has loaded and the main thread is idle.
function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget();
  const idle = vi.fn((run: () => void, _options?: { timeout: number }) => setTimeout(run, 1) as unknown as number);
  const win = Object.assign(target, {
    document: { readyState },
    requestIdleCallback: idle,
    cancelIdleCallback: (id: number) => clearTimeout(id),
    setTimeout,
    clearTimeout,
  });
  return { win: win as unknown as Window, idle, load: () => target.dispatchEvent(new Event('load')) };
}

afterEach(() => vi.useRealTimers());

describe('afterPageSettles', () => {
  it('waits for the load event, then for an idle moment (at most SETTLE_TIMEOUT_MS)', () => {
    vi.useFakeTimers();
    const { win, idle, load } = fakeWindow('interactive');
    const run = vi.fn();
    afterPageSettles(run, win);
    vi.advanceTimersByTime(5000);
    expect(run).not.toHaveBeenCalled();
    load();
    expect(idle).toHaveBeenCalledWith(run, { timeout: SETTLE_TIMEOUT_MS });
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('on a page already loaded (a navigation inside the app) only waits for idle', () => {
    vi.useFakeTimers();
    const { win } = fakeWindow('complete');
    const run = vi.fn();
    afterPageSettles(run, win);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, before or after the load', () => {
    vi.useFakeTimers();
    for (const cancelAfterLoad of [false, true]) {
      const { win, load } = fakeWindow('loading');
      const run = vi.fn();
      const cancel = afterPageSettles(run, win);
      if (cancelAfterLoad) load();
      cancel();
      load();
      vi.advanceTimersByTime(5000);
      expect(run).not.toHaveBeenCalled();
    }
  });
});
