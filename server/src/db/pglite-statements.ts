import { parse, type ParserOptions, type PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import type { BackendMessage } from 'pg-protocol/dist/messages';
import { Parser } from 'pg-protocol/dist/parser';
import { DatabaseError } from 'pg-protocol';

type Parsers = PGlite['parsers'];

const { serialize } = protocol;

/**
 * What the statement-level Describe says of a statement: its parameter types (to serialise the
 * values) and its result's row description (null when it returns no rows). An execution then sends
 * Bind, Execute and Sync without describing the portal again, and the stored row description goes
 * before its rows: the portal's Describe made PGlite describe the result anew on every call
 * (0.06-0.07 ms of WASM each, a 17-column INSERT ... RETURNING and a one-row SELECT alike; a
 * SELECT took 0.136 ms with it, 0.063 ms without, 2/12). Both descriptions are the same here: every
 * result column comes in text, the Bind's default. A named statement keeps its description; if a
 * table it reads changed shape, PostgreSQL refuses to run it ("cached plan must not change result
 * type") rather than answer in another shape.
 */
interface Described {
  types: number[];
  rows: BackendMessage | null;
}

/** The part of drizzle's session that prepares a query (pg-core's PgSession.prepareQuery). */
interface PreparingSession {
  prepareQuery(query: { sql: string }, fields: unknown, name: string | undefined, ...rest: unknown[]): unknown;
}

/**
 * PGlite's query(), run by the server (issue 14), for two costs it paid on every call, in WASM or
 * JS on the server's thread:
 * - Named prepared statements. drizzle's PGlite driver sends every query unnamed, and PGlite
 *   parses, analyses and plans it again on every call: for the group commit's INSERT that was
 *   ~1.4 ms of a batch's ~2.5-2.9 ms (a batch of one; measured alternately on one database). The
 *   statements the code prepares by name (a builder's .prepare(name), namedStatement) are parsed
 *   once here, as node-postgres does on PostgreSQL, and each call only binds and executes them.
 * - The result parsers: see parsersWith.
 * - Reading the answer: see exec.
 * - Describing the result once: see Described.
 *
 * The instance's query() is replaced (an own property over PGlite's method) by one that speaks
 * the same extended protocol as PGlite's: under the same locks (one statement at a time, none
 * inside another caller's transaction), with the same parameter serialisers and result parsers
 * (the caller's options included) and the same sync to the file system afterwards. A query with a
 * blob (COPY through /dev/blob) goes to PGlite's own. A transaction has PGlite's own client: a
 * statement inside one runs as PGlite runs it.
 */
export class PgliteStatements {
  /** The named statements parsed so far, by name. */
  private readonly described = new Map<string, Described>();
  /** PGlite's parsers with a caller's own over them, by the caller's parsers object. */
  private readonly mergedParsers = new WeakMap<ParserOptions, Parsers>();
  private readonly own: PGlite['query'];

  /**
   * `names`: registered statement text -> its name on the PGlite session; a reopened instance
   * gets the names of the one it replaces (each statement is prepared once, at start).
   */
  constructor(
    private readonly pg: PGlite,
    private readonly names = new Map<string, string>(),
  ) {
    this.own = pg.query.bind(pg);
    pg.query = this.query.bind(this) as PGlite['query'];
  }

  /** The same named statements on another instance of the same database (parsed there anew). */
  on(pg: PGlite): PgliteStatements {
    return new PgliteStatements(pg, this.names);
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
    if (options?.blob) return this.own<T>(text, params, options);
    // '' is PostgreSQL's unnamed statement: parsed anew on every call, as PGlite does.
    const name = this.names.get(text) ?? '';
    return this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        const { types, rows } = this.described.get(name) ?? (await this.parseStatement(name, text, options));
        const values = params.map((value, i) => this.serializeParam(value, types[i]!, options));
        const answer = await this.exec(Buffer.concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]));
        const messages = rows ? [rows, ...answer] : answer;
        await this.pg.syncToFs();
        const { parsers, ...rest } = options ?? {};
        return parse.parseResults(messages, this.parsersWith(parsers), rest)[0] as Results<T>;
      }),
    );
  }

  /**
   * PGlite's parsers with the caller's over them, merged once per caller's object (drizzle keeps one
   * per prepared query). parseResults merges them itself on every call when given the caller's:
   * a copy of PGlite's 318 parsers, ~0.25 ms a query, 10% of a restart's CPU on PGlite. PGlite
   * fills its own once, at start (the array types), so a merged copy stays current.
   */
  private parsersWith(own: ParserOptions | undefined): Parsers {
    if (!own) return this.pg.parsers;
    let merged = this.mergedParsers.get(own);
    if (!merged) this.mergedParsers.set(own, (merged = { ...this.pg.parsers, ...own }));
    return merged;
  }

  /** Parses and describes the statement (named: once). */
  private async parseStatement(name: string, text: string, options: QueryOptions | undefined): Promise<Described> {
    const messages = await this.exec(
      Buffer.concat([serialize.parse({ name, text, types: options?.paramTypes ?? [] }), serialize.describe({ type: 'S', name }), serialize.sync()]),
    );
    const described = {
      types: parse.parseDescribeStatementResults(messages),
      rows: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    if (name) this.described.set(name, described);
    return described;
  }

  /**
   * Runs protocol messages and reads the backend's answer with node-postgres's parser (pg-protocol),
   * throwing its first error as PGlite's execProtocol does. PGlite's own parser copies every text
   * field into a new ArrayBuffer before decoding it (ArrayBuffer.slice, then TextDecoder): in a
   * 10,000-member restart on PGlite that copy was the largest JS item of the profile (6.6%, and
   * much of the 11% of garbage collection); pg-protocol decodes each field straight from the
   * Buffer. Its messages carry the same names and fields PGlite's result builders read. Notices
   * are dropped (PGlite only logs them in debug); the server LISTENs to nothing on PGlite.
   */
  private async exec(message: Uint8Array): Promise<BackendMessage[]> {
    const chunks: Buffer[] = [];
    // Each chunk is a view of WASM memory that the next output overwrites: copied.
    await this.pg.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => chunks.push(Buffer.from(chunk)) });
    const messages: BackendMessage[] = [];
    new Parser().parse(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), (m) => messages.push(m));
    const error = messages.find((m) => m instanceof DatabaseError);
    if (error) throw error;
    return messages;
  }

  /** As PGlite's query() serialises a parameter: by its type's serialiser, the caller's first. */
  private serializeParam(value: unknown, type: number, options: QueryOptions | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = options?.serializers?.[type] ?? this.pg.serializers[type];
    // PGlite calls the value's own toString(), whatever its type.
    return serializer ? serializer(value) : (value as { toString(): string }).toString();
  }
}
