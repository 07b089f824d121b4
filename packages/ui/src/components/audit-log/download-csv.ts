import { downloadAuditCsv } from '@chat/api-client';
import type { AuditFilter } from '@chat/contracts';
import { saveBlob } from '../../lib/save-blob';

/** Fetches the filtered log as CSV (the call needs the session) and hands it to the browser as a download. */
export async function saveAuditCsv(filter: AuditFilter): Promise<void> {
  const { data } = await downloadAuditCsv(filter);
  saveBlob(data, `registro-de-atividades-${new Date().toISOString().slice(0, 10)}.csv`);
}
