import { describe, expect, it } from 'vitest';
import { BatchQueue } from './batch-queue';

/** A batch function that records each batch and holds it until released. */
function recorder() {
  const batches: number[][] = [];
  const release: Array<() => void> = [];
  const run = async (items: readonly number[]) => {
    batches.push([...items]);
    await new Promise<void>((resolve) => release.push(resolve));
    return items.map((n) => (n < 0 ? new Error(`negativo ${n}`) : n * 10));
  };
  const releaseNext = async () => {
    while (release.length === 0) await new Promise((r) => setImmediate(r));
    release.shift()!();
  };
  return { batches, run, releaseNext };
}

describe('BatchQueue', () => {
  it('runs the first item at once and everything that arrives meanwhile together, in order', async () => {
    const r = recorder();
    const queue = new BatchQueue(r.run);
    const first = queue.submit(1);
    const rest = [2, 3, 4].map((n) => queue.submit(n));
    expect(r.batches).toEqual([[1]]);
    await r.releaseNext();
    expect(await first).toBe(10);
    await r.releaseNext();
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
    expect(r.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('an Error answer fails that item only; a thrown error fails its own batch only', async () => {
    const r = recorder();
    const queue = new BatchQueue(r.run);
    const settled = Promise.allSettled([1, -2, 3].map((n) => queue.submit(n)));
    await r.releaseNext();
    await r.releaseNext();
    const [a, b, c] = await settled;
    expect(a).toEqual({ status: 'fulfilled', value: 10 });
    expect(b).toMatchObject({ status: 'rejected', reason: { message: 'negativo -2' } });
    expect(c).toEqual({ status: 'fulfilled', value: 30 });

    let calls = 0;
    const failing = new BatchQueue<number, number>(async (items) => {
      if (calls++ === 0) throw new Error('banco fora do ar');
      return items.map((n) => n);
    });
    const broken = failing.submit(1);
    const later = failing.submit(2);
    await expect(broken).rejects.toThrow('banco fora do ar');
    expect(await later).toBe(2);
  });

  it('splits a long queue at maxItems', async () => {
    const r = recorder();
    const queue = new BatchQueue(r.run, { maxItems: 2 });
    const all = Promise.all([1, 2, 3, 4, 5].map((n) => queue.submit(n)));
    for (let i = 0; i < 3; i++) await r.releaseNext();
    expect(await all).toEqual([10, 20, 30, 40, 50]);
    expect(r.batches).toEqual([[1], [2, 3], [4, 5]]);
  });

  it('with gapMs, waits before the next batch only when items came during one (load); a lone item runs at once', async () => {
    const r = recorder();
    const queue = new BatchQueue(r.run, { gapMs: 1000 });
    // Quiet: one after another, nothing waits when a batch answers, so nothing pauses.
    const started = performance.now();
    for (const n of [1, 2]) {
      const answer = queue.submit(n);
      await r.releaseNext();
      expect(await answer).toBe(n * 10);
    }
    expect(performance.now() - started).toBeLessThan(500);
    // Load: 3 came while 4's batch ran; the pause lets 5 and 6 join it.
    const first = queue.submit(4);
    const second = queue.submit(3);
    await r.releaseNext();
    expect(await first).toBe(40);
    const answered = performance.now();
    const joined = [5, 6].map((n) => queue.submit(n));
    await r.releaseNext();
    expect(await Promise.all([second, ...joined])).toEqual([30, 50, 60]);
    expect(performance.now() - answered).toBeGreaterThanOrEqual(950);
    expect(r.batches).toEqual([[1], [2], [4], [3, 5, 6]]);
  });

  it('with secondBesideUpTo, a second batch starts beside a small one, never beside a larger one, never a third', async () => {
    const r = recorder();
    const queue = new BatchQueue(r.run, { secondBesideUpTo: 1 });
    // Light load: 2 does not wait for 1's batch; 3 waits, two run already.
    const light = [1, 2, 3].map((n) => queue.submit(n));
    expect(r.batches).toEqual([[1], [2]]);
    await r.releaseNext();
    await r.releaseNext();
    await r.releaseNext();
    expect(await Promise.all(light)).toEqual([10, 20, 30]);
    expect(r.batches).toEqual([[1], [2], [3]]);

    // Load: 5 and 9 gather while 6 and 4 run, and start beside 4 once 6 is done; then 7 does
    // not start beside their batch of two, it waits for it.
    const answers = [6, 4, 5, 9].map((n) => queue.submit(n));
    expect(r.batches.slice(3)).toEqual([[6], [4]]);
    await r.releaseNext();
    await r.releaseNext();
    expect(r.batches.slice(3)).toEqual([[6], [4], [5, 9]]);
    const seven = queue.submit(7);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches.slice(3)).toEqual([[6], [4], [5, 9]]);
    await r.releaseNext();
    await r.releaseNext();
    expect(await Promise.all([...answers, seven])).toEqual([60, 40, 50, 90, 70]);
    expect(r.batches.slice(3)).toEqual([[6], [4], [5, 9], [7]]);
  });

  it('with gatherPhase, the items submitted before the I/O phase ends go in one batch, started then', async () => {
    const r = recorder();
    const queue = new BatchQueue(r.run, { gatherPhase: true });
    // Two requests read in one phase (their callbacks run one after the other, with no phase end
    // between): without gatherPhase the first would have started alone.
    const both = [queue.submit(1), queue.submit(2)];
    expect(r.batches).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1, 2]]);
    // One that comes while that batch runs waits for it (one batch at a time), then goes alone.
    const later = queue.submit(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1, 2]]);
    await r.releaseNext();
    expect(await Promise.all(both)).toEqual([10, 20]);
    await r.releaseNext();
    expect(await later).toBe(30);
    expect(r.batches).toEqual([[1, 2], [3]]);
  });
});
