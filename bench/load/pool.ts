/** Runs `task(i)` for i = 0 .. count-1, at most `concurrency` at a time, in order of i. */
export async function inPool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}
