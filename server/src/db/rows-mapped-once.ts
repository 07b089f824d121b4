import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle keeps on a prepared select (pg-core select.js _prepare, session.js execute; 0.45). */
interface PreparedSelect {
  fields?: Array<{ path: string[]; field: unknown }>;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

interface Slot {
  parents: string[];
  key: string;
  decoder: Decoder;
  /** A column of a joined table at depth 2 (`author.name`): its object is nulled when the join found nothing. */
  table: string | null;
}

/**
 * A prepared drizzle select whose rows are mapped by decoders worked out once, for the statement,
 * instead of for every field of every row. drizzle's mapResultRow asks `is(field,
 * Column)`, then `is(field, SQL)`, of each field of each row, and for an `sql` field the first
 * question walks its class chain: for a history page that was about half of the CPU of reading
 * the page (docs/desempenho.md, bench:page-mapping). This mapper gives what mapResultRow gives (the
 * same nested objects, decoders and nulling of the objects of left-joined tables), installed as the
 * prepared query's customResultMapper, which both drivers call with the rows in array mode. Returns
 * the same prepared query.
 */
export function rowsMappedOnce<P extends object>(prepared: P): P {
  const select = prepared as PreparedSelect;
  if (!select.fields) throw new Error('rowsMappedOnce: not a prepared select');
  const joins = select.joinsNotNullableMap;
  const slots: Slot[] = select.fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path.at(-1)!,
    decoder: decoderOf(field),
    table: joins && path.length === 2 && is(field, Column) ? getTableName(field.table) : null,
  }));
  select.customResultMapper = (rows) => rows.map((row) => mapRow(slots, row, joins));
  return prepared;
}

/** As mapResultRow picks it; an SQL's decoder is internal to drizzle (`mapWith` sets it). */
function decoderOf(field: unknown): Decoder {
  const decoderOfSql = (s: unknown) => (s as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql((field as unknown as { _: { sql: SQL } })._.sql);
  return decoderOfSql((field as { sql: SQL }).sql);
}

/** mapResultRow (drizzle-orm utils.js) for one row, with its per-field decisions taken beforehand. */
function mapRow(slots: readonly Slot[], row: readonly unknown[], joins: Record<string, boolean> | undefined): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const nullify: Record<string, string | false> = {};
  for (let i = 0; i < slots.length; i++) {
    const { parents, key, decoder, table } = slots[i]!;
    let node = result;
    for (const chunk of parents) node = (node[chunk] ??= {}) as Record<string, unknown>;
    const raw = row[i];
    const value = (node[key] = raw === null ? null : decoder.mapFromDriverValue(raw));
    if (table !== null) {
      const object = parents[0]!;
      if (!(object in nullify)) nullify[object] = value === null ? table : false;
      else if (typeof nullify[object] === 'string' && nullify[object] !== table) nullify[object] = false;
    }
  }
  if (joins) {
    for (const [object, table] of Object.entries(nullify)) {
      if (typeof table === 'string' && !joins[table]) result[object] = null;
    }
  }
  return result;
}
