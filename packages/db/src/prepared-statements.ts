import { createHash } from 'node:crypto';
import type { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';

/**
 * Statements sent to PostgreSQL as named prepared statements. node-pg sends every query unnamed, so the server
 * parses and plans it on every call; for the session look-up every request makes, that was most of its cost
 * (pgbench on this machine: the same statement 3.7k/s unnamed, 13k/s prepared; issue 18). Only statements
 * whose best plan does not depend on their values are registered: a generic plan for a contains-search over a
 * million reports could be the 12-second one, so the big lists stay unnamed and planned per call.
 * Needs a session-pooled connection (PgBouncer in transaction mode needs max_prepared_statements, 1.21+).
 */
const names = new Map<string, string>();
// Each registered text is one prepared statement per pooled connection: a bound keeps that memory bounded.
const MAX_STATEMENTS = 500;

/** Sends `sqlText` as a named prepared statement from now on (on every connection, prepared once per connection). */
export function prepareStatement(sqlText: string) {
  if (names.has(sqlText) || names.size >= MAX_STATEMENTS) return;
  names.set(sqlText, `insp_${createHash('sha1').update(sqlText).digest('hex').slice(0, 24)}`);
}

export const isPreparedStatement = (sqlText: string) => names.has(sqlText);

/** Pool 'connect' hook: the client's text queries go out named when their text is registered. */
export function sendRegisteredStatementsPrepared(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' ? names.get(text) : undefined;
    if (!name) return query(text, values, callback);
    return query({ name, text, values }, callback);
  }) as typeof client.query;
}

// The pool behind each handle that openDatabase made for PostgreSQL without logging or plugins (client.ts).
const pools = new WeakMap<Kysely<any>, pg.Pool>();

/** Lets `executePrepared` send this handle's registered statements on its pool directly. */
export function registerPool(db: Kysely<any>, pool: pg.Pool) {
  pools.set(db, pool);
}

/**
 * Runs a statement and answers its rows. A registered statement on a handle whose pool is known goes to the pool
 * directly, named: Kysely's executor wraps every query in a connection provider, a runtime driver and their
 * promises, for no work these statements need (issue 18: the session look-up and a list's page statement, the two
 * statements of a 50-row list request). Anything else (a transaction, a handle with plugins or logging, PGlite, an
 * unregistered text) runs through Kysely as before.
 */
export async function executePrepared<R>(db: Kysely<any>, statement: CompiledQuery<R>): Promise<R[]> {
  const pool = pools.get(db);
  const name = pool && names.get(statement.sql);
  if (!name) return (await db.executeQuery(statement)).rows;
  const result = await pool.query<unknown[]>({ name, text: statement.sql, values: statement.parameters as unknown[], rowMode: 'array' });
  let make = rowMakers.get(name);
  if (!make) rowMakers.set(name, (make = rowMaker(result.fields.map((f) => f.name))));
  return result.rows.map(make) as R[];
}

// Rows come from the driver as arrays and are made into objects by a function compiled once per statement (its
// columns never change): node-pg's own row objects are filled by name in one place for every statement the process
// runs, so V8 handles their property stores there generically; a 50-row page paid twice what the bare route paid.
const rowMakers = new Map<string, (row: unknown[]) => Record<string, unknown>>();
function rowMaker(columns: string[]): (row: unknown[]) => Record<string, unknown> {
  // an object literal would take '__proto__' as the prototype: such a statement builds its rows key by key
  if (columns.includes('__proto__')) {
    return (row) => {
      const o: Record<string, unknown> = {};
      columns.forEach((c, i) => Object.defineProperty(o, c, { value: row[i], enumerable: true, writable: true, configurable: true }));
      return o;
    };
  }
  // column names are written as JSON string literals, so no name can be anything but a key
  return new Function('r', `return { ${columns.map((c, i) => `${JSON.stringify(c)}: r[${i}]`).join(', ')} };`) as (row: unknown[]) => Record<string, unknown>;
}
