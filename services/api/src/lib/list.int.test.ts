import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { ZListQuery } from '@insp/contracts';
import { openDatabase } from '@insp/db';
import { createTestDatabase, type TestDatabase } from '@insp/db/testing';
import { listPage, type ListSpec, type ListTemplate } from './list.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.db
    .insertInto('customers')
    .values([
      ...Array.from({ length: 120 }, (_, i) => ({ name: `Quarry ${String(i).padStart(3, '0')}`, mdm_customer_id: i % 2 ? `M${i}` : null })),
      { name: '100% Gravel_Co', mdm_customer_id: 'X' },
      { name: 'Same name', mdm_customer_id: 'A' },
      { name: 'Same name', mdm_customer_id: 'B' },
    ])
    .execute();
});
afterAll(() => t?.destroy());

const list = (q: Record<string, unknown>, extra: Partial<ListSpec<any, any>> = {}) =>
  listPage(t.db, t.db.selectFrom('customers').select(['id', 'name', 'mdm_customer_id']).where('deleted_at', 'is', null), ZListQuery.parse(q), {
    sortable: { name: sql.ref('name'), mdmCustomerId: { expr: sql.ref('mdm_customer_id'), emptyLast: true } },
    defaultSort: { key: 'name', direction: 'desc' },
    tieBreaker: sql.ref('id'),
    search: (p) => sql<boolean>`name ilike ${p} or mdm_customer_id ilike ${p}`,
    ...extra,
  });

describe('listPage', () => {
  it('pages with the default sort and counts all matches', async () => {
    const page = await list({});
    expect(page.count).toBe(123);
    expect(page.result).toHaveLength(50);
    expect(page.result[0]!.name).toBe('Same name');
  });

  it('never repeats or skips a row across pages, even with equal sort values', async () => {
    const seen = new Set<string>();
    for (let offset = 0; offset < 123; offset += 7) {
      const page = await list({ offset, amount: 7, orderKey: 'name' });
      for (const r of page.result) seen.add(r.id);
    }
    expect(seen.size).toBe(123);
  });

  it('searches contains-wise and takes % and _ literally', async () => {
    expect((await list({ search: '100%' })).result.map((r) => r.name)).toEqual(['100% Gravel_Co']);
    expect((await list({ search: 'l_C' })).count).toBe(1);
    expect((await list({ search: 'quarry 11' })).count).toBe(10);
  });

  it('puts empty values last in both directions', async () => {
    const asc = await list({ orderKey: 'mdmCustomerId', orderDirection: 'asc', amount: 500 });
    expect(asc.result.at(-1)!.mdm_customer_id).toBeNull();
    const desc = await list({ orderKey: 'mdmCustomerId', orderDirection: 'DESC', amount: 500 });
    expect(desc.result.at(-1)!.mdm_customer_id).toBeNull();
    expect(desc.result[0]!.mdm_customer_id).toBe('X');
  });

  it('still counts when the page is past the end', async () => {
    expect(await list({ offset: 1000 })).toEqual({ result: [], count: 123 });
  });

  it('refuses an unknown orderKey with a message naming it', async () => {
    await expect(list({ orderKey: 'password' })).rejects.toMatchObject({ code: 'BAD_REQUEST', field: 'orderKey' });
  });

  it('takes the count from a short last page without counting', async () => {
    const knownCount = vi.fn(async () => 999);
    expect((await list({ search: 'quarry 11' }, { knownCount })).count).toBe(10);
    expect((await list({ offset: 100, amount: 50 }, { knownCount })).count).toBe(123);
    expect(knownCount).not.toHaveBeenCalled();
  });

  it('uses kept counters for a full page without a search, and never for a search', async () => {
    const knownCount = vi.fn(async () => 4242);
    expect((await list({}, { knownCount })).count).toBe(4242);
    expect((await list({ search: 'quarry' }, { knownCount })).count).toBe(120);
    expect(knownCount).toHaveBeenCalledTimes(1);
  });

  it('stops counting at countLimit and says the count is capped', async () => {
    expect(await list({ amount: 10 }, { countLimit: 40 })).toMatchObject({ count: 40, countCapped: true });
    expect((await list({ amount: 10, search: 'quarry 1' }, { countLimit: 40 })).count).toBe(20);
    expect((await list({ amount: 10, search: 'quarry 1' }, { countLimit: 40 })).countCapped).toBeUndefined();
  });

  it('with sortFewMatches, counts a search first and sorts few matches itself: the same pages, counts and columns', async () => {
    const few = { sortFewMatches: 40 };
    for (const q of [
      { search: 'quarry 1', amount: 7 },
      { search: 'quarry 1', amount: 7, offset: 14 },
      { search: 'quarry 1', orderKey: 'mdmCustomerId', orderDirection: 'DESC' },
      { search: 'quarry 1', orderKey: 'mdmCustomerId', orderDirection: 'asc' },
      { search: 'same name' },
    ]) {
      const plain = await list(q);
      const sorted = await list(q, few);
      expect(sorted, JSON.stringify(q)).toEqual(plain);
      expect(Object.keys(sorted.result[0]!).sort()).toEqual(['id', 'mdm_customer_id', 'name']);
    }
    // more matches than it counts: the plain page, its count capped there
    const many = await list({ search: 'quarry', amount: 10 }, few);
    expect(many).toEqual({ ...(await list({ search: 'quarry', amount: 10 })), count: 40, countCapped: true });
    expect(await list({ search: 'quarry 1', offset: 50 }, few)).toEqual({ result: [], count: 20 });
    expect(await list({ search: 'no such customer' }, few)).toEqual({ result: [], count: 0 });
  });

  it('with sortFewMatches, sorts few matches itself: its page cannot become a walk of the sort key\'s index', async () => {
    await sql`create table list_fence (id int primary key, name text not null)`.execute(t.db);
    await sql`create index list_fence_name on list_fence (name)`.execute(t.db);
    await sql`insert into list_fence select g, 'Row ' || lpad(g::text, 4, '0') from generate_series(1, 2000) g`.execute(t.db);
    await sql`analyze list_fence`.execute(t.db);
    const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
    // one connection, told that sorting is (nearly) never worth it: a plan sorts only when it cannot read in index order
    const logged = await openDatabase({ databaseUrl: t.url, poolSize: 1 }, { log: (e) => void statements.push(e.query) });
    try {
      await sql`set enable_sort = off`.execute(logged.db);
      statements.length = 0;
      const spec: ListSpec<any, any> = { sortable: { name: sql.ref('name') }, defaultSort: { key: 'name', direction: 'asc' }, tieBreaker: sql.ref('id'), search: (p) => sql<boolean>`name ilike ${p}` };
      const query = ZListQuery.parse({ search: 'row 00', amount: 5 });
      const base = () => logged.db.selectFrom('list_fence' as never).select(['id', 'name'] as never);
      const page = await listPage(logged.db, base(), query, { ...spec, sortFewMatches: 100 });
      expect([page.count, ...page.result.map((r) => String(r.name))]).toEqual([99, 'Row 0001', 'Row 0002', 'Row 0003', 'Row 0004', 'Row 0005']);
      expect(statements).toHaveLength(2); // the count, then the page
      const plan = async (statement: { sql: string; parameters: readonly unknown[] }) => {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${sql.raw(statement.sql.replace(/\$(\d+)/g, (_, i) => `'${String(statement.parameters[Number(i) - 1])}'`))}`.execute(logged.db);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      const fewPlan = await plan(statements[1]!);
      expect(fewPlan).toMatch(/Sort Key: /);
      expect(fewPlan).not.toMatch(/Index Scan using list_fence_name/);
      // the plain page of the same search reads the name index in order and filters it, as the planner chose at scale
      statements.length = 0;
      await listPage(logged.db, base(), query, spec);
      const plainPlan = await plan(statements[0]!);
      expect(plainPlan).toMatch(/Index Scan using list_fence_name/);
    } finally {
      await logged.close();
    }
  });

  it('answers a page and its count in one statement, and rows carry only their own columns', async () => {
    let statements = 0;
    // transformResult runs once per executed statement (transformQuery also runs for each subquery built).
    const counting = t.db.withPlugin({ transformQuery: (a) => a.node, transformResult: async (a) => (statements++, a.result) });
    const listed = (q: Record<string, unknown>) =>
      listPage(counting, counting.selectFrom('customers').select(['id', 'name']), ZListQuery.parse(q), {
        sortable: { name: sql.ref('name') },
        defaultSort: { key: 'name', direction: 'asc' },
        tieBreaker: sql.ref('id'),
        search: (p) => sql<boolean>`name ilike ${p}`,
      });
    const full = await listed({ amount: 10 });
    expect([full.count, full.result.length, statements]).toEqual([123, 10, 1]);
    expect(Object.keys(full.result[0]!).sort()).toEqual(['id', 'name']);
    statements = 0;
    expect(await listed({ search: 'no such customer' })).toEqual({ result: [], count: 0 });
    expect(statements).toBe(1);
  });

  it('answers a template list as the plain one, building each shape and sort once, and keeps its values apart', async () => {
    let builds = 0;
    const customers = (v: { prefix?: never }) => {
      builds++;
      const q = t.db.selectFrom('customers').select(['id', 'name', 'mdm_customer_id']).where('deleted_at', 'is', null);
      return v.prefix === undefined ? q : q.where('name', 'like', v.prefix);
    };
    const template = (prefix?: string): ListTemplate<any, any, any> => ({
      shape: prefix === undefined ? 'test-customers:all' : 'test-customers:prefix',
      values: prefix === undefined ? {} : { prefix },
      build: (v) => customers(v as { prefix?: never }),
    });
    const spec = {
      sortable: { name: sql.ref('name'), mdmCustomerId: { expr: sql.ref('mdm_customer_id'), emptyLast: true as const } },
      defaultSort: { key: 'name', direction: 'desc' as const },
      tieBreaker: sql.ref('id'),
      search: (p: string) => sql<boolean>`name ilike ${p} or mdm_customer_id ilike ${p}`,
    };
    const queries = [{}, { offset: 50 }, { orderKey: 'mdmCustomerId', amount: 7, offset: 3 }, { search: 'quarry 1' }, { search: 'gravel' }, { search: 'none such' }, { offset: 1000 }];
    for (const q of queries) {
      const plain = await list(q);
      expect(await listPage(t.db, template(), ZListQuery.parse(q), spec), JSON.stringify(q)).toEqual(plain);
    }
    // All, first page, then every other query: one build per distinct shape, sort and search (offset and amount are values).
    const before = builds;
    for (const q of queries) await listPage(t.db, template(), ZListQuery.parse(q), spec);
    expect(builds - before).toBe(1); // only the count apart past the end builds the plain query
    const quarry = await listPage(t.db, template('Quarry 11%'), ZListQuery.parse({}), spec);
    const same = await listPage(t.db, template('Same%'), ZListQuery.parse({}), spec);
    expect(quarry.result.map((r) => r.name)).toEqual(['Quarry 119', 'Quarry 118', 'Quarry 117', 'Quarry 116', 'Quarry 115', 'Quarry 114', 'Quarry 113', 'Quarry 112', 'Quarry 111', 'Quarry 110']);
    expect([same.count, same.result.map((r) => r.name)]).toEqual([2, ['Same name', 'Same name']]);
  });

  it('sorts a plain key in PostgreSQL order (empty first when descending), matching a plain index read backwards', async () => {
    const desc = await list({ amount: 500 }, { sortable: { mdm: sql.ref('mdm_customer_id') }, defaultSort: { key: 'mdm', direction: 'desc' } });
    expect(desc.result[0]!.mdm_customer_id).toBeNull();
    expect(desc.result.at(-1)!.mdm_customer_id).not.toBeNull();
  });
});
