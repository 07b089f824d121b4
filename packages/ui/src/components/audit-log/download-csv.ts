import { downloadAuditCsv } from '@chat/api-client';
import type { AuditFilter } from '@chat/contracts';

/** Fetches the filtered log as CSV (the call needs the session) and hands it to the browser as a download. */
export async function saveAuditCsv(filter: AuditFilter): Promise<void> {
  const { data } = await downloadAuditCsv(filter);
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = `registro-de-atividades-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
