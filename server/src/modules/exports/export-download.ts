import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { DataExportState } from '@chat/contracts';
import type { DataExportRow } from '../../db/schema';
import { exportFilePath } from './export-jobs';

// What the export routes answer: the latest export's state, and its zip streamed from DATA_DIR.

export const exportStateOf = (row: DataExportRow | null): DataExportState => ({
  export: row && {
    id: row.id,
    status: row.status,
    requestedAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  },
});

/** The export while its link is valid, else null (none, not ready, or past its 24 hours). */
export const downloadable = (row: DataExportRow | null, now: Date): DataExportRow | null =>
  row && row.status === 'ready' && row.expiresAt && row.expiresAt > now ? row : null;

/** Sends the zip as an attachment named `<prefix>-<day it was made>.zip`. */
export function sendExportZip(reply: FastifyReply, dataDir: string, row: DataExportRow, prefix: string) {
  const day = row.readyAt!.toISOString().slice(0, 10);
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="${prefix}-${day}.zip"`)
    .header('content-length', String(row.sizeBytes))
    .send(createReadStream(exportFilePath(dataDir, row.id)));
}
