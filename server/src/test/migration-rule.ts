// The upgrade rule, read off a migration's SQL (docs/operacao.md, "Migrações: expandir e
// contrair"): during a rolling upgrade the previous release runs on the migrated schema, so a
// migration may only add what that code ignores. Each statement that could break it is named
// with the reason; tables the same migration creates are new to everyone and exempt.

export interface Breach {
  statement: string;
  reason: string;
}

const tableOf = (statement: string, pattern: RegExp): string | null => pattern.exec(statement)?.[1] ?? null;

/** What the previous release may trip over in `sql` (drizzle-kit's statements, split at its breakpoints). */
export function contractingStatements(sql: string): Breach[] {
  const statements = sql
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
  const created = new Set(statements.map((s) => tableOf(s, /^CREATE TABLE (?:IF NOT EXISTS )?"([^"]+)"/i)).filter((t) => t !== null));
  const altered = (s: string) => tableOf(s, /^ALTER TABLE (?:ONLY )?(?:"public"\.)?"([^"]+)"/i);
  const indexed = (s: string) => tableOf(s, /^CREATE UNIQUE INDEX .*? ON (?:"public"\.)?"([^"]+)"/i);
  const breaches: Breach[] = [];
  const flag = (statement: string, reason: string) => breaches.push({ statement: statement.slice(0, 160), reason });
  // A column dropped and added again by the same migration (a generated column's new expression):
  // the migration runs in one transaction, so no other session sees it missing.
  const readded = new Set(
    statements
      .map((s) => /^ALTER TABLE (?:"public"\.)?"([^"]+)" ADD COLUMN "([^"]+)"/i.exec(s))
      .flatMap((m) => (m ? [`${m[1]}.${m[2]}`] : [])),
  );
  // A unique index only over rows where a column this migration adds is set: the previous release
  // never writes that column, so no row it writes enters the index.
  const added = (table: string) =>
    statements.flatMap((s) => {
      const m = /^ALTER TABLE (?:"public"\.)?"([^"]+)" ADD COLUMN "([^"]+)"/i.exec(s);
      return m && m[1] === table ? [m[2]!] : [];
    });
  const onlyNewRows = (s: string, table: string) =>
    added(table).some((column) => new RegExp(`WHERE .*"${column}" IS NOT NULL`, 'i').test(s));
  const droppedColumn = (s: string) => /^ALTER TABLE (?:"public"\.)?"([^"]+)" DROP COLUMN "([^"]+)"/i.exec(s);
  for (const s of statements) {
    const table = altered(s) ?? indexed(s);
    const onNewTable = table !== null && created.has(table);
    const dropped = droppedColumn(s);
    if (/\bDROP\s+TABLE\b/i.test(s)) flag(s, 'apaga uma tabela que a versão anterior lê');
    if (/\bDROP\s+COLUMN\b/i.test(s) && !(dropped && readded.has(`${dropped[1]}.${dropped[2]}`)))
      flag(s, 'apaga uma coluna que a versão anterior lê');
    if (/\bRENAME\b/i.test(s)) flag(s, 'renomeia o que a versão anterior chama pelo nome antigo');
    if (/\bDROP\s+(TYPE|VIEW|FUNCTION)\b/i.test(s)) flag(s, 'apaga um tipo, visão ou função');
    if (/\bALTER\s+COLUMN\s+"[^"]+"\s+(SET\s+DATA\s+)?TYPE\b/i.test(s)) flag(s, 'muda o tipo de uma coluna');
    if (onNewTable) continue;
    if (/\bSET\s+NOT\s+NULL\b/i.test(s)) flag(s, 'torna obrigatória uma coluna que a versão anterior pode deixar vazia');
    if (/\bADD\s+COLUMN\b/i.test(s) && /\bNOT\s+NULL\b/i.test(s) && !/\bDEFAULT\b|\bGENERATED\b/i.test(s))
      flag(s, 'coluna obrigatória sem valor padrão: os INSERTs da versão anterior falham');
    if (/\bADD\s+CONSTRAINT\b/i.test(s) && !/\bFOREIGN\s+KEY\b/i.test(s))
      flag(s, 'restrição nova numa tabela existente: escritas da versão anterior podem ser recusadas');
    if (/^CREATE UNIQUE INDEX/i.test(s) && !(table !== null && onlyNewRows(s, table)))
      flag(s, 'unicidade nova numa tabela existente: escritas da versão anterior podem ser recusadas');
    if (/\bFOREIGN\s+KEY\b/i.test(s) && !/ON DELETE (cascade|set null)/i.test(s) && /^ALTER TABLE/i.test(s))
      flag(s, 'chave estrangeira nova numa tabela existente sem ON DELETE cascade/set null');
  }
  // A new table's foreign key must not make a delete of the previous release fail.
  for (const s of statements) {
    const table = altered(s);
    if (table !== null && created.has(table) && /\bFOREIGN\s+KEY\b/i.test(s) && !/ON DELETE (cascade|set null)/i.test(s))
      flag(s, 'tabela nova aponta para uma existente sem ON DELETE cascade/set null: uma exclusão da versão anterior falharia');
  }
  return breaches;
}
