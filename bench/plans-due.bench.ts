import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql, type CompiledQuery } from 'kysely';
import { Level, ZDueQuery, ZEquipmentListQuery, type Actor, type TDueQuery, type TEquipmentListQuery } from '@insp/contracts';
import { openDatabase, type Db } from '@insp/db';
import { listDuePlans } from '../services/api/src/domains/plans/plans-read.service.js';
import { listEquipment } from '../services/api/src/domains/equipment/equipment-read.service.js';
import type { ServiceContext } from '../services/api/src/context.js';
import { planDueScan } from '../services/worker/src/jobs/plans.due-scan.job.js';
import type { JobDeps } from '../services/worker/src/types.js';
import { scaledDatabase } from './scaled-database.js';
import { timeRuns } from './stats.js';

/**
 * Issue 24: due lists and the daily due job at BENCH_SCALE inspections (default 1 000 000, the kept database of
 * scaled-database.ts: 50 000 equipment), each machine given one plan (one statement, kept with the database): the
 * type of its latest report of a plan type, a staff inspector in turn, last done as the trigger keeps it.
 * - a customer's due list and an inspector's ('me') through the service (rows + count as the API runs them) beside
 *   the very statements it ran, replayed over one pg connection; goal p95 < 30 ms;
 * - plans.dueScan over every plan (notices cleared before each run, an endpoint subscribed to the events so each
 *   transition also writes its event, delivery and outbox job); goal < 60 s. BENCH_EXPLAIN=1 prints the plans; BENCH_ONLY=<text> runs only the due-list cases naming it;
 *   BENCH_RUNS=<n> times each case n times (default 200); BENCH_SKIP_SCAN=1 leaves out the daily job.
 */
export default async function plansDueBench() {
  const n = Number(process.env.BENCH_SCALE ?? 1_000_000);
  const handle = await scaledDatabase(n);
  const captured: CompiledQuery[] = [];
  const logging = await openDatabase({ databaseUrl: handle.url, poolSize: 2 }, { log: (e) => void (e.level === 'query' && captured.push(e.query)) });
  const raw = new pg.Client({ connectionString: handle.url });
  await raw.connect();
  try {
    const t0 = performance.now();
    const made = await ensurePlans(handle.db);
    const counts = (await sql<{ plans: number; equipment: number; inspections: number }>`select (select count(*)::int from inspection_plans where deleted_at is null) as plans,
      (select count(*)::int from equipment) as equipment, (select count(*)::int from inspections) as inspections`.execute(handle.db)).rows[0]!;
    console.log({ scale: counts, plansMadeNow: made, plansMs: Math.round(performance.now() - t0) });

    // The customer with the most planned machines, and the staff inspector with the most plans.
    const customer = (await sql<{ id: string; n: number }>`select e.customer_id as id, count(*)::int as n from inspection_plans p join equipment e on e.id = p.equipment_id
      group by 1 order by 2 desc limit 1`.execute(handle.db)).rows[0]!;
    const inspector = (await sql<{ id: string; email: string; n: number }>`select u.id, u.email, count(*)::int as n from inspection_plans p join users u on u.id = p.inspector_user_id
      group by 1, 2 order by 3 desc limit 1`.execute(handle.db)).rows[0]!;
    const typical = await ensureTypicalInspector(handle.db);
    const admin = await handle.db.selectFrom('users').select(['id', 'email']).where('email', '=', 'admin@company.example').executeTakeFirstOrThrow();
    const actor = (u: { id: string; email: string }, level: Level): Actor => ({ userId: u.id, email: u.email, kind: 'staff', level, flags: [], companyId: null, distributorAdmin: false });
    const ctx = (db: Db, a: Actor) => ({ db, actor: a, config: { reportTimeZone: 'UTC' }, log: console, jobs: { kick() {} } }) as unknown as ServiceContext;
    const due = (a: Actor, q: Partial<TDueQuery>) => (db: Db) => listDuePlans(ctx(db, a), ZDueQuery.parse(q));
    const equipment = (q: Partial<TEquipmentListQuery>) => (db: Db) => listEquipment(ctx(db, actor(admin, Level.Admin)), ZEquipmentListQuery.parse(q));
    const cases: Array<{ name: string; run: (db: Db) => Promise<{ result: unknown[]; count: number }>; plans: number }> = [
      { name: "a customer's due list (manager, 30 days)", run: due(actor(admin, Level.Admin), { customerId: customer.id }), plans: customer.n },
      { name: "an inspector's due list ('me', 30 days)", run: due(actor(inspector, Level.User), { inspectorUserId: 'me' }), plans: inspector.n },
      { name: "an inspector's due list, overdue and due only", run: due(actor(inspector, Level.User), { inspectorUserId: 'me', states: ['due', 'overdue'] }), plans: inspector.n },
      { name: "a typical inspector's due list ('me', 30 days; 50 000 plans / 100 inspectors)", run: due(actor(typical, Level.User), { inspectorUserId: 'me' }), plans: typical.n },
      { name: "a typical inspector's due list, overdue and due only", run: due(actor(typical, Level.User), { inspectorUserId: 'me', states: ['due', 'overdue'] }), plans: typical.n },
      // The Equipment list's due column and filter (one lateral probe of the plans per machine the other filters leave).
      { name: 'the Equipment list with its due column (first page)', run: equipment({}), plans: counts.plans },
      { name: "the Equipment list filtered 'overdue'", run: equipment({ due: 'overdue' }), plans: counts.plans },
      { name: 'the Equipment list sorted by next due date', run: equipment({ orderKey: 'nextDueOn' }), plans: counts.plans },
    ];
    // BENCH_ONLY=<text>: only the cases whose name contains it (the seed's inspector with 16 000 plans takes minutes)
    for (const c of cases.filter((k) => !process.env.BENCH_ONLY || k.name.includes(process.env.BENCH_ONLY))) {
      captured.length = 0;
      const first = await c.run(logging.db);
      const statements = [...captured];
      if (process.env.BENCH_EXPLAIN) {
        for (const s of statements) console.log((await raw.query(`explain (analyze, buffers) ${s.sql}`, s.parameters as unknown[])).rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      const runs = Number(process.env.BENCH_RUNS ?? 200);
      const service = await timeRuns(() => c.run(handle.db), runs);
      const direct = await timeRuns(async () => {
        for (const s of statements) await raw.query(s.sql, s.parameters as unknown[]);
      }, runs);
      console.log({ case: c.name, plansInScope: c.plans, rows: first.result.length, count: first.count, statements: statements.length, serviceMs: service, rawSqlMs: direct, goalP95Ms: 30 });
    }

    // The daily job over every plan, from no notice at all (the first run after plans were made: the most work).
    const endpoint = await handle.db
      .insertInto('webhook_endpoints')
      .values({ url: 'https://bench.example/due', secret: 'whsec_bench', events: ['inspection.due', 'inspection.overdue'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    const deps = { db: handle.db, log: console, config: { reportTimeZone: 'UTC' } } as unknown as JobDeps;
    try {
      for (let run = 1; run <= (process.env.BENCH_SKIP_SCAN ? 0 : 2); run++) {
        await clearDueJobOutput(handle.db);
        const s = performance.now();
        const result = await planDueScan(deps);
        const ms = performance.now() - s;
        const again = performance.now();
        const rerun = await planDueScan(deps);
        console.log({ case: `plans.dueScan over every plan (run ${run})`, result, ms: Math.round(ms), goalMs: 60_000, rerunSameDay: rerun, rerunMs: Math.round(performance.now() - again) });
      }
    } finally {
      await clearDueJobOutput(handle.db);
      await handle.db.deleteFrom('webhook_endpoints').where('id', '=', endpoint.id).execute();
    }
  } finally {
    await raw.end();
    await logging.close();
    await handle.close();
  }
}

/** One plan per machine (kept with the database; a second run makes none): one statement. */
async function ensurePlans(db: Db): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    with staff as (
      select id, row_number() over (order by email) as rn, count(*) over () as n from users
      where kind = 'staff' and deleted_at is null
    ),
    machines as (
      select e.id, row_number() over (order by e.id) as rn,
        coalesce((select i.type from inspections i where i.equipment_id = e.id and i.deleted_at is null and i.audit_id is null
          and i.type in ('Daily', 'Weekly', 'Monthly', 'Quarterly', 'Mid_Year', 'Annual') order by i.inspection_date desc limit 1), 'Annual') as type
      from equipment e where e.deleted_at is null
    )
    insert into inspection_plans (equipment_id, inspection_type, inspector_user_id, grace_days, remind_customer, starts_on,
      last_done_inspection_id, last_done_at, in_progress_inspection_id)
    select m.id, m.type, s.id, (m.rn % 4)::int * 7, m.rn % 10 = 0, current_date - (m.rn % 90)::int, d.id, d.inspection_date, ip.id
    from machines m
    join staff s on s.rn = 1 + m.rn % s.n
    left join lateral (select i.id, i.inspection_date from inspections i where i.equipment_id = m.id and i.type = m.type
      and i.deleted_at is null and i.audit_id is null and i.finished order by i.inspection_date desc, i.id desc limit 1) d on true
    left join lateral (select i.id from inspections i where i.equipment_id = m.id and i.type = m.type and i.deleted_at is null
      and i.audit_id is null and not i.finished and (d.inspection_date is null or i.inspection_date >= d.inspection_date)
      order by i.inspection_date desc, i.id desc limit 1) ip on true
    on conflict (equipment_id, inspection_type) where deleted_at is null do nothing
    returning id`.execute(db);
  if (rows.length) await sql`analyze inspection_plans`.execute(db);
  return rows.length;
}

/**
 * The demo seed has 3 staff users, so each holds a third of the plans (16 000+): the worst case. A typical one:
 * 50 000 plans among 100 inspectors, 500 each; every 100th plan goes to a bench inspector (kept with the database).
 */
async function ensureTypicalInspector(db: Db) {
  const email = 'bench.inspector@company.example';
  await db.insertInto('users').values({ kind: 'staff', email, name: 'Bench Inspector', idp_groups: ['inspection'] }).onConflict((oc) => oc.doNothing()).execute();
  const user = await db.selectFrom('users').select(['id', 'email']).where('email', '=', email).executeTakeFirstOrThrow();
  await sql`update inspection_plans set inspector_user_id = ${user.id}
    where id in (select id from (select id, row_number() over (order by id) as rn from inspection_plans) p where p.rn % 100 = 0)
      and inspector_user_id is distinct from ${user.id}`.execute(db);
  const { n } = (await sql<{ n: number }>`select count(*)::int as n from inspection_plans where inspector_user_id = ${user.id}`.execute(db)).rows[0]!;
  return { ...user, n };
}

async function clearDueJobOutput(db: Db) {
  await db.deleteFrom('inspection_plan_notices').execute();
  await db.deleteFrom('outbox').where('name', 'in', ['plans.dueNotice', 'plans.customerReminder', 'webhooks.deliver']).execute();
  await sql`delete from webhook_deliveries where event_id in (select id from webhook_events where type in ('inspection.due', 'inspection.overdue'))`.execute(db);
  await sql`delete from webhook_events where type in ('inspection.due', 'inspection.overdue')`.execute(db);
}
