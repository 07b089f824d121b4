import { createEventBus, type AppEvents } from '@chat/event-bus';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPageSettles, FIRST_SCREEN_TIMEOUT_MS, SETTLE_TIMEOUT_MS } from './after-page-settles';

// The socket and the service worker wait until the page has loaded, its first screen
// has been shown ('screen:ready', or a timeout) and the main thread is idle.
function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget();
  const idle = vi.fn((run: () => void, _options?: { timeout: number }) => setTimeout(run, 1) as unknown as number);
  const win = Object.assign(target, {
    document: { readyState },
    location: { pathname: '/auth/conversations' },
    requestIdleCallback: idle,
    cancelIdleCallback: (id: number) => clearTimeout(id),
    setTimeout,
    clearTimeout,
  });
  const bus = createEventBus<AppEvents>();
  return {
    win: win as unknown as Window,
    bus,
    idle,
    load: () => target.dispatchEvent(new Event('load')),
    screenReady: () => bus.emit('screen:ready', undefined),
  };
}

afterEach(() => vi.useRealTimers());

describe('afterPageSettles', () => {
  it('waits for the load event, then for the first screen, then for an idle moment (at most SETTLE_TIMEOUT_MS)', () => {
    vi.useFakeTimers();
    const { win, bus, idle, load, screenReady } = fakeWindow('interactive');
    const run = vi.fn();
    afterPageSettles(run, { win, bus });
    vi.advanceTimersByTime(5000);
    load();
    vi.advanceTimersByTime(FIRST_SCREEN_TIMEOUT_MS - 1);
    expect(idle).not.toHaveBeenCalled();
    screenReady();
    expect(idle).toHaveBeenCalledWith(run, { timeout: SETTLE_TIMEOUT_MS });
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_SCREEN_TIMEOUT_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a first screen that is never announced longer than FIRST_SCREEN_TIMEOUT_MS after the load', () => {
    vi.useFakeTimers();
    const { win, bus } = fakeWindow('complete');
    const run = vi.fn();
    afterPageSettles(run, { win, bus });
    vi.advanceTimersByTime(FIRST_SCREEN_TIMEOUT_MS);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('remembers a first screen announced before the wait (a session renewal re-runs it): only waits for idle', () => {
    vi.useFakeTimers();
    const { win, bus, screenReady } = fakeWindow('complete');
    afterPageSettles(() => undefined, { win, bus })();
    screenReady();
    const run = vi.fn();
    afterPageSettles(run, { win, bus });
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it("on a page whose remote announces no first screen (the team's, settings) only waits for the load and idle", () => {
    vi.useFakeTimers();
    for (const options of [{ path: '/auth/team' }, { path: '/auth/conversations', awaitFirstScreen: false }]) {
      const { win, bus, load } = fakeWindow('loading');
      (win.location as { pathname: string }).pathname = options.path;
      const run = vi.fn();
      afterPageSettles(run, { win, bus, awaitFirstScreen: options.awaitFirstScreen });
      load();
      vi.advanceTimersByTime(1);
      expect(run, options.path).toHaveBeenCalledTimes(1);
    }
  });

  it('never runs once cancelled, at any stage', () => {
    vi.useFakeTimers();
    for (const stage of ['before load', 'waiting for the screen', 'waiting for idle'] as const) {
      const { win, bus, load, screenReady } = fakeWindow('loading');
      const run = vi.fn();
      const cancel = afterPageSettles(run, { win, bus });
      if (stage !== 'before load') load();
      if (stage === 'waiting for idle') screenReady();
      cancel();
      load();
      screenReady();
      vi.advanceTimersByTime(FIRST_SCREEN_TIMEOUT_MS + SETTLE_TIMEOUT_MS);
      expect(run, stage).not.toHaveBeenCalled();
    }
  });
});
