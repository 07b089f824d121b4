import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ReopeningPglite } from './reopen';

// PGlite runs a statement on the server's only thread and answers through promises alone: the
// statements waiting in line must not run back to back in one turn of the event loop, or a burst
// of them (a wave of members opening a big group) holds sockets and timers for their sum.

let client: PGlite;
let db: ReopeningPglite;

beforeAll(async () => {
  client = await PGlite.create();
  db = new ReopeningPglite(client, {
    open: () => PGlite.create(),
    canReopen: () => false,
    retryMs: 60_000,
    onLost: () => undefined,
    onReopened: () => undefined,
  });
});

afterAll(() => db.close());

it('lets the event loop turn between two queued statements', async () => {
  const seen: string[] = [];
  const queued = [0, 1, 2].map((i) =>
    db.query('SELECT 1').then(() => {
      seen.push(`q${i}`);
      // Waiting since the first statement answered: runs before the third, not after the line.
      if (i === 0) setImmediate(() => seen.push('turn'));
    }),
  );
  await Promise.all(queued);
  await new Promise((resolve) => setImmediate(resolve));
  expect(seen.indexOf('turn')).toBeGreaterThan(-1);
  expect(seen.indexOf('turn')).toBeLessThan(seen.indexOf('q2'));
});
