import { act } from '@testing-library/react';
import { renderHookWithQuery } from '../../../test/render';
import { describe, expect, it } from 'vitest';
import { ana, carla, message } from '../../../test/fixtures';
import { buildRows } from '../lib/message-rows';
import { useNewBelow } from './use-new-below';

const start = Date.parse('2024-03-01T00:00:00.000Z');
const history = (count: number) =>
  buildRows(
    Array.from({ length: count }, (_, i) =>
      message(`m${i}`, { authorId: carla.id, createdAt: new Date(start + i * 60_000).toISOString() }),
    ),
  );
const view = (scrollHeight: number, scrollTop: number) => ({ scrollHeight, scrollTop, clientHeight: 600 });

describe('useNewBelow', () => {
  it('a view following a burst that lands short of the grown end stays at the end: no button', () => {
    const { result, rerender } = renderHookWithQuery(({ rows }) => useNewBelow(rows, ana.id, true), {
      initialProps: { rows: history(30) },
    });
    act(() => result.current.onScroll(view(1800, 1200)));
    // Moved down to follow, but the end grew by more meanwhile: 500 px short of it.
    act(() => result.current.onScroll(view(2400, 1300)));
    expect(result.current.isAwayFromEnd()).toBe(false);
    rerender({ rows: history(35) });
    expect(result.current.count).toBe(0);
  });

  it('a view the user moved up counts what arrives below, and is back at zero at the end', () => {
    const { result, rerender } = renderHookWithQuery(({ rows }) => useNewBelow(rows, ana.id, true), {
      initialProps: { rows: history(30) },
    });
    act(() => result.current.onScroll(view(1800, 1200)));
    act(() => result.current.onScroll(view(1800, 300)));
    expect(result.current.isAwayFromEnd()).toBe(true);
    rerender({ rows: history(33) });
    expect(result.current.count).toBe(3);
    // Scrolling down but not to the end keeps it away; the end clears the count.
    act(() => result.current.onScroll(view(1980, 900)));
    expect(result.current.isAwayFromEnd()).toBe(true);
    act(() => result.current.onScroll(view(1980, 1380)));
    expect(result.current.isAwayFromEnd()).toBe(false);
    expect(result.current.count).toBe(0);
  });

  it('the first placement far from the end (the unread line) is away from it', () => {
    const { result } = renderHookWithQuery(() => useNewBelow(history(30), ana.id, true));
    act(() => result.current.onScroll(view(1800, 400)));
    expect(result.current.isAwayFromEnd()).toBe(true);
  });
});
