import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READ_WINDOW_MS, ReadCoalescer } from './read-coalescer';

describe('ReadCoalescer', () => {
  let sent: Array<[string, string]>;
  let reads: ReadCoalescer;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    reads = new ReadCoalescer((chatId, id) => sent.push([chatId, id]));
  });
  afterEach(() => vi.useRealTimers());

  it('sends the first read at once, then at most one per window with the newest id', () => {
    reads.read('g1', 'a');
    expect(sent).toEqual([['g1', 'a']]);
    reads.read('g1', 'b');
    reads.read('g1', 'c');
    reads.read('g1', 'd');
    expect(sent).toEqual([['g1', 'a']]);
    vi.advanceTimersByTime(READ_WINDOW_MS - 1);
    expect(sent).toEqual([['g1', 'a']]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([
      ['g1', 'a'],
      ['g1', 'd'],
    ]);
    // Nothing waits: no more is sent.
    vi.advanceTimersByTime(5 * READ_WINDOW_MS);
    expect(sent).toHaveLength(2);
  });

  it('keeps one window per chat', () => {
    reads.read('g1', 'a');
    reads.read('g2', 'x');
    reads.read('g1', 'b');
    expect(sent).toEqual([
      ['g1', 'a'],
      ['g2', 'x'],
    ]);
    vi.advanceTimersByTime(READ_WINDOW_MS);
    expect(sent.at(-1)).toEqual(['g1', 'b']);
  });

  it('never drops the last read: a flush (leaving the chat, hiding the page) sends it at once', () => {
    reads.read('g1', 'a');
    reads.read('g1', 'b');
    reads.flush('g1');
    expect(sent).toEqual([
      ['g1', 'a'],
      ['g1', 'b'],
    ]);
    vi.advanceTimersByTime(READ_WINDOW_MS);
    expect(sent).toHaveLength(2);
    reads.read('g2', 'x');
    reads.read('g2', 'y');
    reads.dispose();
    expect(sent.at(-1)).toEqual(['g2', 'y']);
  });

  it('after a quiet window, a read goes at once again', () => {
    reads.read('g1', 'a');
    vi.advanceTimersByTime(READ_WINDOW_MS);
    reads.read('g1', 'b');
    expect(sent).toEqual([
      ['g1', 'a'],
      ['g1', 'b'],
    ]);
  });
});
