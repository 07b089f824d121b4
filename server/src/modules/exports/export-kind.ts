import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DataExportRow } from '../../db/schema';
import type { Mailer } from '../mail/mail';
import type { MediaStore } from '../media/media-store';
import type { ChatEvents } from '../realtime/chat-events';

// What an export needs besides the job machinery: a person's own data and a workspace's are two
// kinds of the same background job (export-jobs.ts), each writing its own archive and announcing
// it to its own people.

/** What the kinds read and write with. */
export interface ExportDeps {
  db: Db;
  mediaStore: MediaStore;
  mailer: Mailer;
  chatEvents: ChatEvents;
  appUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
}

export interface ExportKind {
  /** Writes the job's zip to `file`; null when what it exports no longer exists. `signal` abandons it. */
  write(job: DataExportRow, file: string, signal: AbortSignal): Promise<{ sizeBytes: number } | null>;
  /** The toast on the open pages and the e-mail with the link, once the zip is ready. */
  announce(job: DataExportRow, expiresAt: Date): Promise<void>;
}

/** A person's own export (user_id only) and a workspace's (workspace_id set). */
export interface ExportKinds {
  person: ExportKind;
  workspace: ExportKind;
}

export const kindOf = (kinds: ExportKinds, job: DataExportRow): ExportKind => (job.workspaceId ? kinds.workspace : kinds.person);
