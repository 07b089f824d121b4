import { describe, expect, it } from 'vitest';
import { SeqOrder } from './seq-order';

/** A SeqOrder whose writes are recorded: each write is the list of seqs it put out. */
function recorded() {
  const writes: number[][] = [];
  let current: number[] | null = null;
  const order = new SeqOrder((emits) => {
    current = [];
    for (const emit of emits) emit();
    writes.push(current);
    current = null;
  });
  const rows = (...seqs: number[]) => seqs.map((seq) => ({ seq, emit: () => current!.push(seq) }));
  return { order, writes, rows };
}

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('SeqOrder', () => {
  it('one commit at a time: its rows go out at once, in seq order', async () => {
    const { order, writes, rows } = recorded();
    const ticket = order.begin();
    await order.done(ticket, rows(3, 1, 2));
    expect(writes).toEqual([[1, 2, 3]]);
  });

  it('two at once: rows wait for the commit that may hold lower seqs, then go out in seq order', async () => {
    const { order, writes, rows } = recorded();
    const first = order.begin();
    const second = order.begin();
    // The later commit finished first with the higher seqs: they wait for the earlier one.
    const secondOut = order.done(second, rows(7, 8));
    expect(writes).toEqual([]);
    expect(await settled(secondOut)).toBe(false);
    await order.done(first, rows(5, 6));
    expect(writes).toEqual([[5, 6, 7, 8]]);
    expect(await settled(secondOut)).toBe(true);

    // The later commit got the LOWER seqs (PostgreSQL ran its INSERT first): still seq order.
    const a = order.begin();
    const b = order.begin();
    const aOut = order.done(a, rows(12));
    expect(writes).toHaveLength(1);
    await order.done(b, rows(10, 11));
    await aOut;
    expect(writes.slice(1)).toEqual([[10, 11, 12]]);
  });

  it('a commit started after another finished only holds back rows above that one', async () => {
    const { order, writes, rows } = recorded();
    const a = order.begin();
    const b = order.begin();
    const aOut = order.done(a, rows(3));
    // c starts after a finished: its seqs are above 3, but may be below b's.
    const c = order.begin();
    const bOut = order.done(b, rows(2, 5));
    expect(writes).toEqual([[2, 3]]);
    await aOut;
    expect(await settled(bOut)).toBe(false);
    await order.done(c, rows(4));
    await bOut;
    expect(writes).toEqual([
      [2, 3],
      [4, 5],
    ]);
  });

  it('a failed commit (no rows) lets the others go', async () => {
    const { order, writes, rows } = recorded();
    const failed = order.begin();
    const ok = order.begin();
    const okOut = order.done(ok, rows(9));
    expect(writes).toEqual([]);
    await order.done(failed, []);
    await okOut;
    expect(writes).toEqual([[9]]);
  });

  it('an emit that throws fails the call that put it out; the other commit is not left waiting', async () => {
    const { order, rows } = recorded();
    const a = order.begin();
    const b = order.begin();
    const bOut = order.done(b, [
      {
        seq: 5,
        emit: () => {
          throw new Error('socket fechado');
        },
      },
    ]);
    expect(() => order.done(a, rows(3))).toThrow('socket fechado');
    expect(await settled(bOut)).toBe(true);
  });
});
