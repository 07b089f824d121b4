import { faultOf, type FaultKey } from './faults';
import type { RunDeployment } from './deployment';
import type { DrillOptions } from './options';
import { type FaultFigures, tally } from './tally';

// One fault in one run: steady traffic, the fault, the part down for a while, its restore, traffic
// until the phase's time is up, the outboxes drained, a settle period, then the count.

/** How long the members' outboxes get to empty once sending stops. */
const DRAIN_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} em ${timeoutMs / 1000} s`);
    await sleep(100);
  }
  return Date.now();
}

export async function exercise(run: number, key: FaultKey, deployment: RunDeployment, options: DrillOptions): Promise<FaultFigures> {
  const { members, processes } = deployment;
  const fault = faultOf(key, deployment);
  await until('nem todos os membros conectados', () => members.every((m) => m.connected), 30_000);
  const phase = `r${run}-${key}`;
  const catchUpFailuresBefore = members.reduce((sum, m) => sum + m.catchUpFailures, 0);
  const startedAt = Date.now();
  // A second of margin: a catch-up must reach back past the phase's first message.
  for (const member of members) member.startSending(phase, startedAt - 1000);

  await sleep((options.durationS * 1000) / 3);
  console.log(`  ${fault.label}...`);
  await fault.inject();
  await sleep(options.downS * 1000);
  const restoreAt = Date.now();
  await fault.restore();
  const restoredAt = Date.now();
  const healthyAt = await until(
    'os processos não voltaram a responder /api/health',
    async () => (await Promise.all(processes.map((p) => p.healthy()))).every(Boolean),
    30_000,
  );
  // Traffic after the restore too when the restore itself took most of the phase.
  await sleep(Math.max(startedAt + options.durationS * 1000, healthyAt + (options.durationS * 1000) / 3) - Date.now());
  await Promise.all(members.map((member) => member.stopSending(DRAIN_MS)));
  await sleep(options.settleS * 1000);
  return tally(run, key, phase, members, deployment.databaseUrl, { restoreAt, restoredAt, healthyAt }, catchUpFailuresBefore);
}
