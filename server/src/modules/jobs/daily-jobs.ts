import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredEntries } from '../audit/audit-settings';
import type { MessageMediaAccess } from '../messages/message-media';
import { applyRetention } from '../retention/retention-run';
import { claimRun } from './job-runs';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How often each process asks whether the day's run is due; only the one that claims it runs it. */
const CHECK_EVERY_MS = 15 * 60 * 1000;
/** The first check waits for start-up to settle. */
const FIRST_CHECK_MS = 60 * 1000;

export const DAILY_JOB = 'daily-maintenance';

export interface DailyJobsDeps {
  media: MessageMediaAccess;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Once a day, on one process: the workspaces' message retention, then the activity log's own period. */
export async function runDailyJobs({ media, log, now }: DailyJobsDeps): Promise<boolean> {
  if (!(await claimRun(media.db, DAILY_JOB, now(), DAY_MS))) return false;
  const reports = await applyRetention(media, now());
  const purged = await purgeExpiredEntries(media.db, now());
  log.info({ retention: reports, auditPurged: purged }, 'daily maintenance');
  return true;
}

/** Starts the timer; `close` stops it and waits for a run in progress. */
export function startDailyJobs(deps: DailyJobsDeps): { close(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(() => runDailyJobs(deps)).catch((error: unknown) => deps.log.error({ err: error }, 'daily maintenance'));
  };
  const first = setTimeout(tick, FIRST_CHECK_MS).unref();
  const timer = setInterval(tick, CHECK_EVERY_MS).unref();
  return {
    async close() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
