import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { readRunQueueWaitMs } from '../measure';
import { startProfile, stopProfile } from './cpu-profile';
import type { FromServer, ServerStats, ToServer } from './protocol';

// The server children's side of the IPC: answers `stats` (memory after an optional GC, CPU time,
// event-loop delay), starts and stops the measured phase's CPU profile (--profile) and runs `stop` (which ends the process, after sending the shutdown's profile when asked).

/** `more` adds what only some children have (the product's send histogram) to each `stats` answer. */
export function answerHarness(stop: () => Promise<void>, more: () => Promise<Partial<ServerStats>> = async () => ({})): void {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // V8's collections since the last reset: one long pause stalls every request and delivery at once.
  const gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('message', (message: ToServer) => {
    if (message.type === 'resetLoop') {
      loop.reset();
      Object.assign(gc, { count: 0, totalMs: 0, maxMs: 0 });
    }
    if (message.type === 'stats') {
      if (message.gc) (globalThis as { gc?: () => void }).gc?.();
      const memory = process.memoryUsage();
      const cpu = process.cpuUsage();
      const stats: ServerStats = {
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        cpuMicros: cpu.user + cpu.system,
        loopDelayP99Ms: loop.percentile(99) / 1e6,
        loopDelayMaxMs: loop.max / 1e6,
        runQueueWaitMs: readRunQueueWaitMs(),
        gc: { ...gc },
      };
      void more().then((extra) => send({ type: 'stats', stats: { ...stats, ...extra } }));
    }
    if (message.type === 'profileStart') void startProfile().then(() => send({ type: 'profileStarted' }));
    if (message.type === 'profileStop') void stopProfile(message.dir, message.top).then((profile) => send({ type: 'profile', profile }));
    if (message.type === 'stop') {
      const { profileDir, top } = message;
      const profiled = async () => {
        if (profileDir) send({ type: 'profile', profile: await stopProfile(profileDir, top ?? 25) });
      };
      stopOnce().then(
        () => profiled().then(() => process.exit(0)),
        () => process.exit(1),
      );
    }
  });
  // As main.ts: a deploy stops the process with SIGTERM (ServerChild.stop sends it).
  let stopping: Promise<void> | null = null;
  const stopOnce = () => (stopping ??= stop());
  process.once(
    'SIGTERM',
    () =>
      void stopOnce().then(
        () => process.exit(0),
        () => process.exit(1),
      ),
  );
  // Orphaned by a harness that died: go too.
  process.on('disconnect', () => process.exit(0));
}

export function send(message: FromServer): void {
  process.send!(message);
}

export function serverConfig<T>(): T {
  return JSON.parse(process.env.BENCH_SERVER ?? '{}') as T;
}
