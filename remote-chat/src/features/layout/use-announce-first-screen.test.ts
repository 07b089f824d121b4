import { renderHook } from '@testing-library/react';
import { eventBus } from '@chat/event-bus';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAINT_REPORT_TIMEOUT_MS, useAnnounceFirstScreen } from './use-announce-first-screen';

// The shell starts the socket once the list is on screen.
type Callback = (list: { getEntries: () => { startTime: number }[] }) => void;
const observers: { callback: Callback; disconnected: boolean }[] = [];
class FakeObserver {
  static supportedEntryTypes = ['largest-contentful-paint'];
  private readonly record: { callback: Callback; disconnected: boolean };
  constructor(callback: Callback) {
    this.record = { callback, disconnected: false };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}

function listen() {
  const ready = vi.fn();
  eventBus.on('screen:ready', ready);
  return { ready, stop: () => eventBus.off('screen:ready', ready) };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  observers.length = 0;
});

describe('useAnnounceFirstScreen', () => {
  it("announces 'screen:ready' when the browser reports a paint after the list's commit, not while it loads", () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const { ready, stop } = listen();
    const { rerender, unmount } = renderHook(({ shown }) => useAnnounceFirstScreen(shown), { initialProps: { shown: false } });
    expect(observers).toHaveLength(0);
    rerender({ shown: true });
    const observer = observers[0]!;
    observer.callback({ getEntries: () => [{ startTime: -1 }] });
    expect(ready, 'a paint from before the list').not.toHaveBeenCalled();
    observer.callback({ getEntries: () => [{ startTime: performance.now() + 5 }] });
    expect(ready).toHaveBeenCalledTimes(1);
    expect(observer.disconnected).toBe(true);
    vi.advanceTimersByTime(PAINT_REPORT_TIMEOUT_MS);
    expect(ready).toHaveBeenCalledTimes(1);
    unmount();
    stop();
  });

  it('announces after PAINT_REPORT_TIMEOUT_MS when no paint is reported (the list is not the largest paint)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const { ready, stop } = listen();
    const { unmount } = renderHook(() => useAnnounceFirstScreen(true));
    vi.advanceTimersByTime(PAINT_REPORT_TIMEOUT_MS - 1);
    expect(ready).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ready).toHaveBeenCalledTimes(1);
    unmount();
    stop();
  });

  it('announces at once, and once, when the screen goes away before its paint was reported (the menu took the user elsewhere)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const { ready, stop } = listen();
    const { unmount } = renderHook(() => useAnnounceFirstScreen(true));
    expect(ready).not.toHaveBeenCalled();
    unmount();
    expect(ready).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PAINT_REPORT_TIMEOUT_MS);
    expect(ready).toHaveBeenCalledTimes(1);
    expect(observers[0]!.disconnected).toBe(true);
    stop();
  });

  it('announces when the screen goes away while its list is still loading', () => {
    const { ready, stop } = listen();
    const { unmount } = renderHook(() => useAnnounceFirstScreen(false));
    unmount();
    expect(ready).toHaveBeenCalledTimes(1);
    stop();
  });
});
