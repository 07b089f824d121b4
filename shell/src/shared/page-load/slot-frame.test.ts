import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSlotFrame, PAINT_TIMEOUT_MS } from './slot-frame';

// A remote's modules wait for `painted`: it must not resolve before the slot has been shown and a
// frame painted (else the remote runs before anything is on screen), and must not hang when the
// page gets no animation frames (a background tab).

afterEach(() => vi.useRealTimers());

/** A window whose animation frames run only when `paint()` is called. */
function fakeWindow() {
  const frames: Array<() => void> = [];
  const win = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  } as unknown as Window;
  return { win, paint: () => frames.splice(0).forEach((callback) => callback()) };
}

async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('slotFrame', () => {
  it('resolves after the slot is shown and the next frame painted, in a task after the frame', async () => {
    vi.useFakeTimers();
    const { win, paint } = fakeWindow();
    const frame = createSlotFrame(win);
    expect(await settled(frame.painted()), 'nothing shown yet').toBe(false);
    frame.shown();
    expect(await settled(frame.painted()), 'shown, not painted').toBe(false);
    paint();
    expect(await settled(frame.painted())).toBe(true);
  });

  it('resolves after PAINT_TIMEOUT_MS when no frame comes, and a second shown() changes nothing', async () => {
    vi.useFakeTimers();
    const { win } = fakeWindow();
    const frame = createSlotFrame(win);
    frame.shown();
    frame.shown();
    await vi.advanceTimersByTimeAsync(PAINT_TIMEOUT_MS - 1);
    expect(await settled(frame.painted())).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(frame.painted())).toBe(true);
  });
});
