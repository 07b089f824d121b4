import pg from 'pg';
import { type FaultKey, KILLED_SIDE } from './faults';
import type { Member, SentMessage } from './member';

// The figures of one fault in one run, from the clients (what each member sent, had acknowledged
// and saw) and from the database itself (what was stored, and how many times).

export interface FaultFigures {
  run: number;
  fault: FaultKey;
  acknowledged: number;
  /** Still unacknowledged when the outbox wait ran out. */
  unacknowledged: number;
  storedOnce: number;
  /** clientIds stored more than once. */
  duplicated: number;
  /** Acknowledged, but no row with their clientId. */
  acknowledgedNotStored: number;
  shownLive: number;
  shownCatchUp: number;
  /** Acknowledged and never on the partner's screen, live or through a catch-up. */
  lost: number;
  /** Failed send attempts, by answer. */
  failedSends: Record<string, number>;
  catchUpFailures: number;
  /** From the restore of the failed part until it answered again itself (PostgreSQL accepting, Redis PONG, the process healthy). */
  partBackMs: number;
  /** From the restore of the failed part to its path serving again; null: it never did. */
  recoveryMs: number | null;
}

export interface PhaseTimes {
  /** When the restore of the failed part began (restart command issued). */
  restoreAt: number;
  /** When the restart command returned: the part itself answers again. */
  restoredAt: number;
  /** When every process answered /api/health with 200 after it. */
  healthyAt: number;
}

/** clientId -> rows stored with it, for the clientIds of `phase`. */
async function storedCounts(databaseUrl: string, phase: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ client_id: string; n: number }>(
      'SELECT client_id, count(*)::int AS n FROM messages WHERE client_id LIKE $1 GROUP BY client_id',
      [`${phase}-%`],
    );
    return new Map(rows.map((row) => [row.client_id, row.n]));
  } finally {
    await client.end();
  }
}

const earliest = (times: Array<number | undefined>) => {
  const known = times.filter((t): t is number => t !== undefined);
  return known.length > 0 ? Math.min(...known) : undefined;
};

/**
 * The moment the failed part's path served again. Redis: the first message sent after the restore
 * shown live to its partner on the other process. PostgreSQL: the first acknowledgement after the
 * restore. Process: the first send acknowledged through the restarted process (its members' proxy
 * prefers it, so a send begun once it answers health goes to it).
 */
function pathBackAt(fault: FaultKey, times: PhaseTimes, sent: Array<{ message: SentMessage; partner: Member }>): number | undefined {
  switch (fault) {
    case 'redis':
      return earliest(
        sent
          .filter(({ message }) => message.firstAttemptAt >= times.restoreAt && message.id)
          .map(({ message, partner }) => {
            const shown = partner.shown.get(message.id!);
            return shown?.how === 'live' ? shown.at : undefined;
          }),
      );
    case 'postgres':
      return earliest(
        sent.map(({ message }) => (message.ackAt !== undefined && message.ackAt >= times.restoreAt ? message.ackAt : undefined)),
      );
    case 'processo':
      return earliest(
        sent
          .filter(({ message }) => message.side === KILLED_SIDE && (message.ackedAttemptAt ?? 0) >= times.healthyAt)
          .map(({ message }) => message.ackAt),
      );
  }
}

export async function tally(
  run: number,
  fault: FaultKey,
  phase: string,
  members: readonly Member[],
  databaseUrl: string,
  times: PhaseTimes,
  catchUpFailuresBefore: number,
): Promise<FaultFigures> {
  const stored = await storedCounts(databaseUrl, phase);
  const sent = members.flatMap((member) =>
    member.sent.filter((m) => m.phase === phase).map((message) => ({ message, partner: members[member.account.index ^ 1]! })),
  );
  const figures: FaultFigures = {
    run,
    fault,
    acknowledged: 0,
    unacknowledged: 0,
    storedOnce: [...stored.values()].filter((n) => n === 1).length,
    duplicated: [...stored.values()].filter((n) => n > 1).length,
    acknowledgedNotStored: 0,
    shownLive: 0,
    shownCatchUp: 0,
    lost: 0,
    failedSends: {},
    catchUpFailures: members.reduce((sum, m) => sum + m.catchUpFailures, 0) - catchUpFailuresBefore,
    partBackMs: times.restoredAt - times.restoreAt,
    recoveryMs: null,
  };
  for (const { message, partner } of sent) {
    for (const [answer, n] of Object.entries(message.failures)) figures.failedSends[answer] = (figures.failedSends[answer] ?? 0) + n;
    if (!message.id) {
      figures.unacknowledged++;
      continue;
    }
    figures.acknowledged++;
    if (!stored.has(message.clientId)) figures.acknowledgedNotStored++;
    const shown = partner.shown.get(message.id);
    if (!shown) figures.lost++;
    else if (shown.how === 'live') figures.shownLive++;
    else figures.shownCatchUp++;
  }
  const back = pathBackAt(fault, times, sent);
  figures.recoveryMs = back === undefined ? null : Math.max(back, times.healthyAt) - times.restoreAt;
  return figures;
}
