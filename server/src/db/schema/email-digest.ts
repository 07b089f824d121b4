import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './index';

// The e-mail digest of what someone missed (modules/email-digest): per person, whether something
// may be waiting for them and how far their digests have gone; and the leases that let one server
// process at a time run a periodic job.

export const emailDigests = pgTable(
  'email_digests',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Set by the first message to them while they had no tab open (the message's time); cleared
    // when a look finds nothing left to send. Only people with it set are looked at.
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    // Every message up to this seq (messages.seq) was in a digest or had been seen: the next
    // digest lists only newer ones, so no message is in two.
    digestedSeq: bigint('digested_seq', { mode: 'number' }).notNull().default(0),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    index('email_digests_pending_since_idx')
      .on(t.pendingSince)
      .where(sql`${t.pendingSince} IS NOT NULL`),
  ],
);

// A periodic job runs on the process that holds its lease: taking it is one conditional upsert,
// so with several processes on one database each round runs once, and a process that dies
// leaves it to the others when the lease ends.
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

export type EmailDigestRow = typeof emailDigests.$inferSelect;
