import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { ZInspectionListQuery, type Actor, type TInspectionListQuery } from '@insp/contracts';
import { listInspections, inspectionList } from '../services/api/src/domains/inspections/inspections-list.service.js';
import { pageQuery, DEFAULT_COUNT_LIMIT } from '../services/api/src/lib/list.js';
import { indexWord } from '../services/api/src/lib/search-words.js';
import type { AuthedContext, ServiceContext } from '../services/api/src/context.js';
import { scaledDatabase } from './scaled-database.js';
import { summarize } from './stats.js';

/**
 * The reports list at BENCH_SCALE inspections (default 1 000 000) on PostgreSQL: each case through the service
 * (listInspections: rows + count as the API runs them) beside the same SQL run directly over one pg connection
 * (the raw limit). Issue 7 asks p95 < 30 ms and ≤ 1.5 × raw for a search with a type filter, 50 rows.
 */
export default async function inspectionsListBench() {
  const n = Number(process.env.BENCH_SCALE ?? 1_000_000);
  const handle = await scaledDatabase(n);
  const raw = new pg.Client({ connectionString: handle.url });
  await raw.connect();
  try {
    const admin = await handle.db.selectFrom('users').select(['id', 'email']).where('email', '=', 'admin@company.example').executeTakeFirstOrThrow();
    const dist = await handle.db.selectFrom('users').select(['id', 'email', 'company_id']).where('email', '=', 'dist.user@distributor.example').executeTakeFirstOrThrow();
    const staffActor: Actor = { userId: admin.id, email: admin.email, kind: 'staff', level: 3, flags: [], companyId: null, distributorAdmin: false };
    const distActor: Actor = { userId: dist.id, email: dist.email, kind: 'distributor', level: 1, flags: [], companyId: dist.company_id, distributorAdmin: false };
    const ctx = (actor: Actor) => ({ db: handle.db, actor, config: {}, log: console, jobs: { kick() {} } }) as unknown as ServiceContext;
    // A customer's name: the search a person types to find that customer's reports (about n / 2000 rows).
    const customer = await handle.db.selectFrom('customers').select('name').where('name', 'like', 'Scale customer % 1234').executeTakeFirst();
    const term = (customer?.name ?? 'Scale customer').toLowerCase();
    const equipment = await handle.db.selectFrom('equipment').select('serial_number').where('serial_number', 'like', 'SC%0004321').executeTakeFirst();
    const serial = (equipment?.serial_number ?? 'SC').toLowerCase();

    const cases: Array<{ name: string; actor: Actor; q: Partial<TInspectionListQuery> }> = [
      { name: 'search (a customer\'s full name) + type filter, 50 rows', actor: staffActor, q: { search: term, types: ['Daily', 'Weekly'] } },
      { name: 'search (a serial number) + type filter', actor: staffActor, q: { search: serial, types: ['Daily', 'Weekly', 'Monthly'] } },
      { name: 'first page, no filter', actor: staffActor, q: {} },
      { name: 'type filter, first page', actor: staffActor, q: { types: ['Daily'] } },
      { name: "broad search 'daily' (count capped)", actor: staffActor, q: { search: 'daily' } },
      { name: 'sort by name, page 3', actor: staffActor, q: { orderKey: 'name', orderDirection: 'asc', offset: 100 } },
      { name: 'distributor, first page', actor: distActor, q: {} },
      { name: 'My page (mineOnly, 10 rows)', actor: staffActor, q: { mineOnly: true, amount: 10 } },
    ];
    for (const c of cases) {
      const query = ZInspectionListQuery.parse(c.q);
      const lowered = { ...query, search: query.search.toLowerCase() };
      // The statements the service runs, compiled once, to run directly.
      const word = lowered.search ? await indexWord(handle.db, 'inspections', 'search_text', lowered.search) : null;
      const { base, spec } = inspectionList(ctx(c.actor) as AuthedContext, query, word);
      const page = pageQuery(base, lowered, spec);
      const rowsSql = page.rows.compile();
      const countSql = handle.db.selectFrom(page.filtered.clearSelect().clearOrderBy().select(sql`1`.as('one')).limit(DEFAULT_COUNT_LIMIT + 1).as('m')).select(sql`count(*)`.as('n')).compile();
      const first = await listInspections(ctx(c.actor), query);
      const needsCount = !(first.result.length > 0 && first.result.length < query.amount);
      const usesCounters = needsCount && !query.search && !query.mineOnly;
      const countersSql = usesCounters ? await countersStatement(handle.db, c.actor, query.types) : null;
      const runRaw = async () => {
        await raw.query(rowsSql.sql, rowsSql.parameters as unknown[]);
        if (countersSql) await raw.query(countersSql.sql, countersSql.parameters as unknown[]);
        else if (needsCount) await raw.query(countSql.sql, countSql.parameters as unknown[]);
      };
      const service = await time(() => listInspections(ctx(c.actor), query));
      const direct = await time(runRaw);
      console.log({
        case: c.name,
        rows: first.result.length,
        count: first.count,
        countCapped: first.countCapped ?? false,
        serviceMs: service,
        rawSqlMs: direct,
        p95Ratio: +(service.p95 / direct.p95).toFixed(2),
      });
    }
  } finally {
    await raw.end();
    await handle.close();
  }
}

async function countersStatement(db: ServiceContext['db'], actor: Actor, types: string[] | undefined) {
  let q = db.selectFrom('inspection_counts').select(sql`coalesce(sum(n), 0)`.as('n'));
  if (actor.kind === 'distributor') q = q.where('company_key', '=', actor.companyId!);
  if (types?.length) q = q.where('type', 'in', types);
  return q.compile();
}

async function time(fn: () => Promise<unknown>, warm = 20, runs = 200) {
  for (let i = 0; i < warm; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}
