import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main';

// The caller must go on in a new task, not in a promise job of the current one: only then can the
// browser paint and handle input in between.

afterEach(() => vi.unstubAllGlobals());

describe('yieldToMain', () => {
  it('without scheduler.yield, resumes after a task queued before it, not within the current task', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('task queued before'), 0);
    const resumed = yieldToMain().then(() => order.push('resumed'));
    await Promise.resolve();
    await Promise.resolve();
    expect(order, 'not resumed by promise jobs alone').toEqual([]);
    await resumed;
    expect(order).toEqual(['task queued before', 'resumed']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
