import pg from 'pg';

/**
 * A pg client whose named prepared statements are described once per connection (issue 14).
 *
 * pg sends `Describe` for the portal on every execution of a prepared statement, and PostgreSQL
 * answers each with the RowDescription of its columns; pg then rebuilds the row template and looks
 * up a parser for each column (`Result.addFields`). The result of a named statement never changes
 * shape on one connection (PostgreSQL refuses to run it once it would: "cached plan must not change
 * result type"), so the first description is kept per connection and statement name, and later
 * executions send only Bind, Execute and Sync. With 2 members x 6,000, alternated: the server's
 * CPU a message 0.45-0.49 -> 0.41-0.43 ms, delivery p50 1.59-1.77 -> 1.36-1.56 ms.
 * The PGlite path does the same in pglite-statements.ts.
 *
 * It relies on three internals of pg 8's Query (checked by described-once.test.ts against the
 * installed pg): prepare(connection) sends the extended-protocol messages through the connection's
 * methods, handleRowDescription(msg) receives the description, and `_result` holds the fields,
 * the parsers and the row template that parseRow uses.
 */

interface Description {
  fields: unknown[];
  parsers: unknown[];
  template: Record<string, unknown>;
}

interface QueryResultInternals {
  fields: unknown[];
  _parsers: unknown[];
  _prebuiltEmptyResultObject: Record<string, unknown>;
}

interface QueryInternals {
  name?: string;
  callback?: (error: Error | null, result?: unknown) => void;
  _result: QueryResultInternals;
  _accumulateRows: boolean;
  listeners(event: string): unknown[];
}

/** The pg connection object as Query.prepare uses it; only describe() is skipped. */
type Connection = object & { describe?: unknown };

/** Per connection (a new one describes again), per statement name. */
const described = new WeakMap<Connection, Map<string, Description>>();

const BaseQuery = pg.Query as unknown as new (config: unknown, values?: unknown) => object;

class DescribedOnceQuery extends BaseQuery {
  /** Set while this execution's description is awaited, to keep it for the next ones. */
  private describing: Connection | null = null;

  prepare(connection: Connection): void {
    const self = this as unknown as QueryInternals;
    const prepare = (BaseQuery.prototype as { prepare: (c: Connection) => void }).prepare;
    const known = self.name ? described.get(connection)?.get(self.name) : undefined;
    if (!known) {
      this.describing = connection;
      prepare.call(this, connection);
      return;
    }
    self._result.fields = known.fields;
    self._result._parsers = known.parsers;
    self._result._prebuiltEmptyResultObject = known.template;
    // What handleRowDescription would have set: rows are kept for the callback.
    self._accumulateRows = Boolean(self.callback) || self.listeners('row').length === 0;
    // Everything else prepare() sends stays pg's own; only the portal's Describe is left out.
    const own = Object.getOwnPropertyDescriptor(connection, 'describe');
    (connection as { describe: unknown }).describe = () => undefined;
    try {
      prepare.call(this, connection);
    } finally {
      if (own) Object.defineProperty(connection, 'describe', own);
      else delete (connection).describe;
    }
  }

  handleRowDescription(msg: unknown): void {
    (BaseQuery.prototype as { handleRowDescription: (m: unknown) => void }).handleRowDescription.call(this, msg);
    const self = this as unknown as QueryInternals;
    if (!this.describing || !self.name) return;
    const byName = described.get(this.describing) ?? new Map<string, Description>();
    described.set(this.describing, byName);
    byName.set(self.name, { fields: self._result.fields, parsers: self._result._parsers, template: self._result._prebuiltEmptyResultObject });
    this.describing = null;
  }
}

type Callback = (error: Error | null, result?: unknown) => void;

const isNamedConfig = (config: unknown): config is { name: string } =>
  typeof config === 'object' && config !== null && typeof (config as { name?: unknown }).name === 'string' && typeof (config as { submit?: unknown }).submit !== 'function';

export class DescribedOnceClient extends pg.Client {
  // pg's overloads (promise or callback, text or config): named configs take the path below,
  // everything else is pg's own.
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const base = super.query.bind(this) as (...args: unknown[]) => unknown;
    if (!isNamedConfig(config)) return base(config, values, callback) as never;
    const done = (typeof values === 'function' ? values : callback) as Callback | undefined;
    const query = new DescribedOnceQuery(config, typeof values === 'function' ? undefined : values) as unknown as QueryInternals;
    if (done) {
      query.callback = done;
      base(query);
      return undefined as never;
    }
    return new Promise((resolve, reject) => {
      query.callback = (error, result) => (error ? reject(error) : resolve(result));
      base(query);
    }) as never;
  }
}
