import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from './testing/index.js';
import { openDatabase, type DbHandle } from './client.js';
import { findActiveSession } from './repositories/users.js';
import { executePrepared, isPreparedStatement, prepareStatement } from './prepared-statements.js';

let t: TestDatabase;
let one: DbHandle; // one pooled connection, so pg_prepared_statements shows what it prepared
beforeAll(async () => {
  t = await createTestDatabase();
  one = await openDatabase({ databaseUrl: t.url, poolSize: 1 });
});
afterAll(async () => {
  await one?.close();
  await t?.destroy();
});

const preparedOnConnection = async () =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(one.db)).rows.map((r) => r.statement);

describe('prepared statements', () => {
  it('sends a registered statement prepared, with its values, and leaves others unnamed', async () => {
    const text = 'select $1::int + 1 as n /* registered */';
    prepareStatement(text);
    expect(isPreparedStatement(text)).toBe(true);
    for (const v of [1, 41]) {
      const { rows } = await one.db.executeQuery<{ n: number }>({ sql: text, parameters: [v], query: { kind: 'RawNode' } as never, queryId: { queryId: 'q' } });
      expect(rows[0]!.n).toBe(v + 1);
    }
    await sql`select 2 as unregistered`.execute(one.db);
    const prepared = await preparedOnConnection();
    expect(prepared).toContain(text);
    expect(prepared.some((s) => s.includes('unregistered'))).toBe(false);
  });

  it('prepares the session look-up every request makes, and still answers each session by its own id', async () => {
    const [user] = await one.db.insertInto('users').values({ kind: 'staff', email: 'p@company.example', name: 'P', idp_groups: ['admin'] }).returning('id').execute();
    const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    await one.db.insertInto('auth_sessions').values(ids.map((id) => ({ id, user_id: user!.id, expires_at: new Date(Date.now() + 60_000) }))).execute();
    await one.db.updateTable('auth_sessions').set({ revoked_at: new Date() }).where('id', '=', ids[1]!).execute();
    expect((await findActiveSession(one.db, ids[0]!))?.email).toBe('p@company.example');
    expect(await findActiveSession(one.db, ids[1]!)).toBeUndefined();
    expect((await preparedOnConnection()).some((s) => s.includes('"auth_sessions"'))).toBe(true);
  });

  it('runs a registered statement of a transaction on that transaction, and of a logging handle through its log', async () => {
    const [user] = await t.db.insertInto('users').values({ kind: 'staff', email: 't@company.example', name: 'T', idp_groups: [] }).returning('id').execute();
    const id = '33333333-3333-4333-8333-333333333333';
    // the session exists only inside the transaction: sent on the pool, the look-up would not see it
    const seen = await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('auth_sessions').values({ id, user_id: user!.id, expires_at: new Date(Date.now() + 60_000) }).execute();
      return findActiveSession(trx, id);
    });
    expect(seen?.email).toBe('t@company.example');
    const logged: string[] = [];
    const loggingHandle = await openDatabase({ databaseUrl: t.url, poolSize: 1 }, { log: (e) => void logged.push(e.query.sql) });
    try {
      const text = 'select $1::int * 2 as n /* registered, logged */';
      prepareStatement(text);
      expect(await executePrepared<{ n: number }>(loggingHandle.db, { sql: text, parameters: [21], query: { kind: 'RawNode' } as never, queryId: { queryId: 'q' } })).toEqual([{ n: 42 }]);
      expect(logged).toContain(text);
      expect(await executePrepared<{ n: number }>(one.db, { sql: text, parameters: [4], query: { kind: 'RawNode' } as never, queryId: { queryId: 'q' } })).toEqual([{ n: 8 }]);
      expect(await preparedOnConnection()).toContain(text);
    } finally {
      await loggingHandle.close();
    }
  });

  it('answers the rows of a prepared statement as node-pg would: parsed values, the last of two equal names, even __proto__ as a key', async () => {
    const q = (sqlText: string) => ({ sql: sqlText, parameters: [7], query: { kind: 'RawNode' } as never, queryId: { queryId: 'q' } });
    const text = `select $1::int as n, now() as at, '{"a":1}'::json as j, null::text as "none", 1 as dup, 2 as dup /* rows */`;
    prepareStatement(text);
    const [row] = await executePrepared<Record<string, unknown>>(one.db, q(text));
    expect(row).toEqual({ n: 7, at: expect.any(Date), j: { a: 1 }, none: null, dup: 2 });
    const odd = 'select $1::int as "__proto__", 2 as a /* odd name */';
    prepareStatement(odd);
    const [oddRow] = await executePrepared<Record<string, unknown>>(one.db, q(odd));
    expect(Object.getPrototypeOf(oddRow)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(oddRow, '__proto__')?.value).toBe(7);
    expect(oddRow!.a).toBe(2);
  });
});
