import pg from 'pg';
import { ZServicedEquipmentQuery, ZUsageQuery, USAGE_PRODUCT_CATEGORY, type Actor } from '@insp/contracts';
import { companyUsageStatement, customerUsageStatement, usagePeriods, usagePeriodsStatement, usageTotalsStatement, type Db } from '@insp/db';
import { companiesServicedEquipment, servicedEquipment, usageSummary } from '../services/api/src/domains/inspections/usage-dashboard.service.js';
import { containsPattern } from '../services/api/src/lib/list.js';
import type { ServiceContext } from '../services/api/src/context.js';
import { scaledDatabase } from './scaled-database.js';
import { timeRuns } from './stats.js';

/**
 * Issue 22: the usage dashboard calls at BENCH_SCALE inspections (default 1 000 000, the kept database of
 * scaled-database.ts) through their services beside the same SQL run directly over one pg connection (the periods
 * statement plus the aggregate). Budget: 200 ms each. Two moments: today, and 30 December, when this week began in
 * the year before and the range read is the widest. BENCH_EXPLAIN=1 prints the plans.
 */
export default async function usageDashboardBench() {
  const n = Number(process.env.BENCH_SCALE ?? 1_000_000);
  const handle = await scaledDatabase(n);
  const raw = new pg.Client({ connectionString: handle.url });
  await raw.connect();
  try {
    const admin = await handle.db.selectFrom('users').select(['id', 'email']).where('email', '=', 'admin@company.example').executeTakeFirstOrThrow();
    const actor: Actor = { userId: admin.id, email: admin.email, kind: 'staff', level: 3, flags: [], companyId: null, distributorAdmin: false };
    const ctx = { db: handle.db, actor, config: {}, log: console, jobs: { kick() {} } } as unknown as ServiceContext;
    const customer = await handle.db.selectFrom('customers').select('name').where('name', 'like', 'Scale customer % 1234').executeTakeFirst();
    const term = customer?.name.slice(-6) ?? 'scale';
    const moments = [
      { label: 'today', now: new Date() },
      { label: '30 Dec (week from the year before)', now: new Date(`${new Date().getUTCFullYear()}-12-30T12:00:00Z`) },
    ];
    const cases = [
      { name: 'summary', kind: 'summary' as const, q: {} },
      { name: 'servicedEquipment?onlyIncludeServiced=true (default sort)', kind: 'customers' as const, q: { onlyIncludeServiced: 'true' } },
      { name: 'servicedEquipment?onlyIncludeServiced=false, lastYear desc', kind: 'customers' as const, q: { onlyIncludeServiced: 'false', orderKey: 'lastYear', orderDirection: 'desc' } },
      { name: `servicedEquipment search '${term}'`, kind: 'customers' as const, q: { search: term } },
      { name: 'companiesServicedEquipment', kind: 'companies' as const, q: {} },
    ];
    for (const m of moments) {
      for (const c of cases) {
        const timeZone = 'Europe/Helsinki';
        const service = async () => {
          if (c.kind === 'summary') return usageSummary(ctx, { timeZone }, m.now);
          if (c.kind === 'customers') return servicedEquipment(ctx, ZServicedEquipmentQuery.parse({ ...c.q, timeZone }), m.now);
          return companiesServicedEquipment(ctx, ZUsageQuery.parse({ ...c.q, timeZone }), m.now);
        };
        const statement = async (db: Db) => {
          const periods = await usagePeriods(db, m.now, timeZone);
          if (c.kind === 'summary') return usageTotalsStatement(periods, USAGE_PRODUCT_CATEGORY).compile(db);
          const q = ZServicedEquipmentQuery.parse({ ...c.q, timeZone });
          const common = { periods, pattern: q.search ? containsPattern(q.search) : null, order: { key: q.orderKey, direction: q.orderDirection } };
          if (c.kind === 'customers') return customerUsageStatement({ ...common, category: USAGE_PRODUCT_CATEGORY, onlyIncludeServiced: q.onlyIncludeServiced }).compile(db);
          return companyUsageStatement(common).compile(db);
        };
        const periodsSql = usagePeriodsStatement(m.now, timeZone).compile(handle.db);
        const compiled = await statement(handle.db);
        const direct = async () => {
          await raw.query(periodsSql.sql, periodsSql.parameters as unknown[]);
          return raw.query(compiled.sql, compiled.parameters as unknown[]);
        };
        if (process.env.BENCH_EXPLAIN) {
          const plan = await raw.query(`explain (analyze, buffers) ${compiled.sql}`, compiled.parameters as unknown[]);
          console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
        }
        const first = (await service()) as { count?: number };
        const s = await timeRuns(service, 30, 5);
        const d = await timeRuns(direct, 30, 5);
        console.log({ moment: m.label, case: c.name, rows: first.count ?? 1, serviceMs: s, rawSqlMs: d, budgetMs: 200, withinBudget: s.p95 < 200 });
      }
    }
  } finally {
    await raw.end();
    await handle.close();
  }
}
