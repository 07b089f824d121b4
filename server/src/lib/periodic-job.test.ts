import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { PeriodicJob } from './periodic-job';

// The timer behind periodic work (the e-mail digest's rounds, the daily maintenance): rounds only on this process's turn,
// never two at once, a failure logged and the next round as usual, stop() waiting for the last.

const logger = () => {
  const errors: unknown[] = [];
  return { log: { error: (...args: unknown[]) => void errors.push(args) } as unknown as FastifyBaseLogger, errors };
};
const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PeriodicJob', () => {
  it('runs a round every interval while it is this process’s turn, and none once stopped', async () => {
    const { log } = logger();
    let turn = true;
    const round = vi.fn(() => Promise.resolve());
    const job = new PeriodicJob({ what: 'teste', intervalMs: 20, takeTurn: () => Promise.resolve(turn), round, log }).start();
    await vi.waitFor(() => expect(round.mock.calls.length).toBeGreaterThanOrEqual(2));
    turn = false;
    const before = round.mock.calls.length;
    await tick(80);
    expect(round.mock.calls.length).toBeLessThanOrEqual(before + 1);
    await job.stop();
    const stopped = round.mock.calls.length;
    await tick(60);
    expect(round.mock.calls.length).toBe(stopped);
  });

  it('never runs two rounds at once; a failed round is logged and the next one runs', async () => {
    const { log, errors } = logger();
    let running = 0;
    let most = 0;
    let calls = 0;
    const round = async () => {
      calls += 1;
      running += 1;
      most = Math.max(most, running);
      await tick(30);
      running -= 1;
      if (calls === 1) throw new Error('falhou');
    };
    const job = new PeriodicJob({ what: 'teste', intervalMs: 5, takeTurn: () => Promise.resolve(true), round, log }).start();
    await Promise.all([job.runOnce(), job.runOnce()]);
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(3));
    await job.stop();
    expect(running).toBe(0);
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
  });

  it('waits firstDelayMs for the first round, then the interval', async () => {
    const { log } = logger();
    const at: number[] = [];
    const started = Date.now();
    const round = () => Promise.resolve(void at.push(Date.now() - started));
    const job = new PeriodicJob({
      what: 'teste',
      intervalMs: 400,
      firstDelayMs: 10,
      takeTurn: () => Promise.resolve(true),
      round,
      log,
    }).start();
    await vi.waitFor(() => expect(at).toHaveLength(1));
    expect(at[0]).toBeLessThan(300);
    await vi.waitFor(() => expect(at).toHaveLength(2), { timeout: 2000 });
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(390);
    await job.stop();
  });
});
