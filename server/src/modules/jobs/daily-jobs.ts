import type { FastifyBaseLogger } from 'fastify';
import { PeriodicJob } from '../../lib/periodic-job';
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

/** Whether this process runs today's maintenance: true for one process once a day. */
const claimDay = ({ media, now }: DailyJobsDeps) => claimRun(media.db, DAILY_JOB, now(), DAY_MS);

/** The workspaces' message retention, then the activity log's own period. */
async function maintain({ media, log, now }: DailyJobsDeps): Promise<void> {
  const reports = await applyRetention(media, now());
  const purged = await purgeExpiredEntries(media.db, now());
  log.info({ retention: reports, auditPurged: purged }, 'daily maintenance');
}

/** Once a day, on one process, the maintenance; false when it was not this call's turn. */
export async function runDailyJobs(deps: DailyJobsDeps): Promise<boolean> {
  if (!(await claimDay(deps))) return false;
  await maintain(deps);
  return true;
}

/** Starts the checks; `close` stops them and waits for a run in progress. */
export function startDailyJobs(deps: DailyJobsDeps): { close(): Promise<void> } {
  const job = new PeriodicJob({
    what: 'daily maintenance',
    intervalMs: CHECK_EVERY_MS,
    firstDelayMs: FIRST_CHECK_MS,
    takeTurn: () => claimDay(deps),
    round: () => maintain(deps),
    log: deps.log,
  }).start();
  return { close: () => job.stop() };
}
