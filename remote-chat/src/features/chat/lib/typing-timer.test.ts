import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTypingTimer } from './typing-timer';

describe('typing timer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('emits start once for a burst of keystrokes and stop 2000 ms after the last one', () => {
    const onChange = vi.fn();
    const timer = createTypingTimer(onChange);
    timer.input('o');
    timer.input('ol');
    vi.advanceTimersByTime(1500);
    timer.input('olá');
    expect(onChange.mock.calls).toEqual([[true]]);
    // 1999 ms after the last keystroke: still typing (the first 1500 ms do not count).
    vi.advanceTimersByTime(1999);
    expect(onChange.mock.calls).toEqual([[true]]);
    vi.advanceTimersByTime(1);
    expect(onChange.mock.calls).toEqual([[true], [false]]);
    vi.advanceTimersByTime(10_000);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('starts again on the next keystroke after an idle stop', () => {
    const onChange = vi.fn();
    const timer = createTypingTimer(onChange);
    timer.input('a');
    vi.advanceTimersByTime(2000);
    timer.input('ab');
    expect(onChange.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('stops at once when the text becomes empty (or only blanks), without a second stop later', () => {
    const onChange = vi.fn();
    const timer = createTypingTimer(onChange);
    timer.input('a');
    timer.input('');
    expect(onChange.mock.calls).toEqual([[true], [false]]);
    timer.input('   ');
    vi.advanceTimersByTime(5000);
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });

  it('stops on demand (send, leaving the chat) and cancels the idle timer', () => {
    const onChange = vi.fn();
    const timer = createTypingTimer(onChange);
    timer.input('mensagem');
    vi.advanceTimersByTime(500);
    timer.stop();
    expect(onChange.mock.calls).toEqual([[true], [false]]);
    vi.advanceTimersByTime(5000);
    timer.stop();
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('does nothing for a stop while not typing', () => {
    const onChange = vi.fn();
    createTypingTimer(onChange).stop();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('takes another idle delay', () => {
    const onChange = vi.fn();
    const timer = createTypingTimer(onChange, 100);
    timer.input('a');
    vi.advanceTimersByTime(100);
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });

  it('repeats the start every 3000 ms while the writer keeps typing, so the receiver keeps showing it', () => {
    const onChange = vi.fn();
    const timer = createTypingTimer(onChange);
    // A keystroke every second for 7 s: never idle for 2000 ms.
    for (let second = 0; second <= 7; second++) {
      timer.input('a'.repeat(second + 1));
      vi.advanceTimersByTime(1000);
    }
    expect(onChange.mock.calls).toEqual([[true], [true], [true]]);
    vi.advanceTimersByTime(1000);
    expect(onChange.mock.calls).toEqual([[true], [true], [true], [false]]);
  });
});
