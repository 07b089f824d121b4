import { AUDIT_ACTION_TEXTS, AUDIT_TEXTS, type AuditEntry, type AuditFilter } from '@chat/contracts';
import type { Db } from '../../db/client';
import { auditWhere, readEntries } from './audit.repository';

/** Rows read per query while the file is written: memory stays flat however long the log. */
const CSV_BATCH = 500;

const HEADER = ['Data', 'Atividade', 'Workspace', 'Quem', 'Alvo', 'Detalhes', 'Endereço'];

/**
 * One CSV field. A cell a spreadsheet would read as a formula (=, +, -, @) is prefixed with an
 * apostrophe: names and e-mails come from people and must not run in the reader's spreadsheet.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;

function entryLine(entry: AuditEntry): string {
  return line([
    entry.createdAt,
    AUDIT_ACTION_TEXTS[entry.action],
    entry.workspace?.name ?? '',
    entry.actor?.name ?? AUDIT_TEXTS.systemActor,
    entry.target?.name ?? '',
    JSON.stringify(entry.details),
    entry.ip ?? '',
  ]);
}

/** The filtered log as CSV (with a BOM, so spreadsheets read it as UTF-8), newest first, read in batches. */
export async function* auditCsv(db: Db, filter: AuditFilter, scope: string | null): AsyncGenerator<string> {
  yield `\uFEFF${line(HEADER)}`;
  let before: number | undefined;
  for (;;) {
    const entries = await readEntries(db, auditWhere(filter, scope, before), CSV_BATCH);
    if (entries.length > 0) yield entries.map(entryLine).join('');
    if (entries.length < CSV_BATCH) return;
    before = entries[entries.length - 1]!.seq;
  }
}
