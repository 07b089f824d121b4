import type { Db } from '../../db/client';
import { record, SYSTEM_ACTOR } from '../audit/audit';
import { dropMessageMedia, type MessageMediaAccess } from '../messages/message-media';
import { chatsOf, deleteMessages, expiredBatch, lastSeqBefore } from './retention-messages.repository';
import { retentionPolicies } from './retention-policy';

/**
 * Messages deleted per statement. Each batch is its own short statement (no transaction around
 * the run), so neither engine holds the database for long: PGlite runs one statement at a time
 * on the server's thread, and PostgreSQL keeps row locks only for one batch.
 */
export const RETENTION_BATCH = 50;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionReport {
  workspaceId: string;
  days: number;
  messages: number;
  files: number;
}

/** Applies every workspace's retention policy once; what each deleted is in the activity log. */
export async function applyRetention(media: MessageMediaAccess, now: Date): Promise<RetentionReport[]> {
  const reports: RetentionReport[] = [];
  for (const { workspaceId, days } of await retentionPolicies(media.db)) {
    reports.push(await applyWorkspaceRetention(media, workspaceId, days, now));
  }
  return reports;
}

/** Deletes the workspace's messages older than `days`, with their files, batch by batch. */
export async function applyWorkspaceRetention(
  media: MessageMediaAccess,
  workspaceId: string,
  days: number,
  now: Date,
): Promise<RetentionReport> {
  const { db } = media;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const report: RetentionReport = { workspaceId, days, messages: 0, files: 0 };
  const maxSeq = await lastSeqBefore(db, cutoff);
  if (maxSeq !== null) {
    for (const chat of await chatsOf(db, workspaceId)) {
      let afterSeq = 0;
      for (;;) {
        const batch = await expiredBatch(db, chat, { afterSeq, maxSeq }, cutoff, RETENTION_BATCH);
        if (batch.length === 0) break;
        afterSeq = batch[batch.length - 1]!.seq;
        report.messages += await deleteMessages(
          db,
          batch.map((m) => m.id),
        );
        // After the rows: a file is kept while any message or photo still shows it.
        for (const message of batch.filter((m) => m.hasFile && m.body !== '')) {
          if (await dropMessageMedia(media, message.body, message.id)) report.files += 1;
        }
        if (batch.length < RETENTION_BATCH) break;
      }
    }
  }
  if (report.messages > 0) await recordRun(db, report, cutoff);
  return report;
}

function recordRun(db: Db, report: RetentionReport, cutoff: Date): Promise<void> {
  return record(db, {
    action: 'retention.applied',
    workspaceId: report.workspaceId,
    actor: SYSTEM_ACTOR,
    details: { days: report.days, before: cutoff.toISOString(), messages: report.messages, files: report.files },
  });
}
