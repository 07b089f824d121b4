import { parse, type PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The part of drizzle's session that prepares a query (pg-core's PgSession.prepareQuery). */
interface PreparingSession {
  prepareQuery(query: { sql: string }, fields: unknown, name: string | undefined, ...rest: unknown[]): unknown;
}

/**
 * Named prepared statements on PGlite (issue 14). drizzle's PGlite driver sends every query
 * unnamed, and PGlite's query() parses, analyses and plans it again on every call, in WASM on the
 * server's thread: for the group commit's INSERT that was ~1.4 ms of a batch's ~2.5-2.9 ms (a
 * batch of one; measured alternately on one database). The statements the code prepares by name
 * (a builder's .prepare(name), namedStatement) are parsed once here, as node-postgres does on
 * PostgreSQL, and each call only binds and executes them.
 *
 * The instance's query() is replaced (an own property over PGlite's method). A registered text
 * runs named, under the same locks as PGlite's own (one statement at a time, none inside another
 * caller's transaction), with the same parameter serialisers and result parsers (the caller's
 * options included) and the same sync to the file system afterwards; any other text goes to
 * PGlite's own query(). A transaction has PGlite's own client: a statement inside one runs
 * unnamed, as before.
 */
export class PgliteStatements {
  /** Registered statement text -> its name on the PGlite session. */
  private readonly names = new Map<string, string>();
  /** Parameter types of the statements parsed so far, by name. */
  private readonly paramTypes = new Map<string, number[]>();
  private readonly unnamed: PGlite['query'];

  constructor(private readonly pg: PGlite) {
    this.unnamed = pg.query.bind(pg);
    pg.query = this.query.bind(this) as PGlite['query'];
  }

  /** From now on, the statements this drizzle session prepares by name run named. */
  learnNamesFrom(session: PreparingSession): void {
    const prepare = session.prepareQuery.bind(session);
    session.prepareQuery = (query, fields, name, ...rest) => {
      if (name && !this.names.has(query.sql)) this.names.set(query.sql, `named_${this.names.size + 1}`);
      return prepare(query, fields, name, ...rest);
    };
  }

  private query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const name = this.names.get(text);
    if (!name) return this.unnamed<T>(text, params, options);
    return this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        const types = this.paramTypes.get(name) ?? (await this.parseNamed(name, text));
        const values = params.map((value, i) => this.serializeParam(value, types[i]!, options));
        const { messages } = await this.pg.execProtocol(
          concat([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
          { syncToFs: false },
        );
        await this.pg.syncToFs();
        return parse.parseResults(messages, this.pg.parsers, options)[0] as Results<T>;
      }),
    );
  }

  /** Parses the statement under its name, once; its parameter types serialise the values. */
  private async parseNamed(name: string, text: string): Promise<number[]> {
    const { messages } = await this.pg.execProtocol(
      concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(messages);
    this.paramTypes.set(name, types);
    return types;
  }

  /** As PGlite's query() serialises a parameter: by its type's serialiser, the caller's first. */
  private serializeParam(value: unknown, type: number, options: QueryOptions | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = options?.serializers?.[type] ?? this.pg.serializers[type];
    return serializer ? serializer(value) : String(value);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
