import { expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { ZReportData } from '@insp/contracts';
import type { DB } from '../schema.js';
import { auditSearchText, inspectionSearchText } from '../repositories/search-text.js';
import { loadReportData } from '../repositories/report-data.js';
import type { SeedScaleResult } from './scale.js';

/** Test helper (seed.int.test.ts): what seedScale must have written, checked against the database itself. */

const COUNTED = {
  customers: sql`select count(*)::int as n from customers`,
  sites: sql`select count(*)::int as n from customer_sites`,
  contacts: sql`select count(*)::int as n from contacts`,
  equipment: sql`select count(*)::int as n from equipment`,
  audits: sql`select count(*)::int as n from audits`,
  suggestions: sql`select count(*)::int as n from audit_suggestions`,
  reports: sql`select count(*)::int as n from inspections where audit_id is null`,
  auditRuns: sql`select count(*)::int as n from inspections where audit_id is not null`,
  categories: sql`select count(*)::int as n from inspection_categories`,
  results: sql`select count(*)::int as n from inspection_point_results`,
};
type Counts = Record<keyof typeof COUNTED, number>;

export interface Snapshot {
  counts: Counts;
  indexes: { name: string; def: string }[];
}

export async function snapshot(db: Kysely<DB>): Promise<Snapshot> {
  const counts = {} as Counts;
  for (const [k, q] of Object.entries(COUNTED)) counts[k as keyof Counts] = (await (q as ReturnType<typeof sql<{ n: number }>>).execute(db)).rows[0].n;
  const indexes = (await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes
    where schemaname = 'public' order by indexname`.execute(db)).rows;
  return { counts, indexes };
}

/** Rows per table in the proportions seedScale documents, and the schema's indexes exactly as before. */
export async function expectProportionalRows(db: Kysely<DB>, before: Snapshot, n: number, r: SeedScaleResult) {
  const after = await snapshot(db);
  const nc = Math.max(1, Math.ceil(n / 500));
  const na = n >= 50 ? Math.ceil(n / 50) : 0;
  const delta = Object.fromEntries(Object.keys(after.counts).map((k) => [k, after.counts[k as keyof Counts] - before.counts[k as keyof Counts]]));
  expect(delta).toEqual({
    customers: nc, sites: nc, contacts: nc, equipment: Math.max(1, Math.ceil(n / 20)), audits: na, suggestions: na,
    reports: n, auditRuns: 2 * na, categories: n, results: r.pointResults,
  });
  expect(after.indexes).toEqual(before.indexes);
}

/** Every single-column foreign key of the tables the seed writes points at an existing row (checks may have been off). */
export async function expectForeignKeysValid(db: Kysely<DB>) {
  const fks = (await sql<{ name: string; child: string; col: string; parent: string; ref: string }>`select k.conname as name,
      k.conrelid::regclass::text as child, a.attname as col, k.confrelid::regclass::text as parent, b.attname as ref
    from pg_constraint k join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    join pg_attribute b on b.attrelid = k.confrelid and b.attnum = k.confkey[1]
    where k.contype = 'f' and cardinality(k.conkey) = 1 and k.conrelid::regclass::text in
      ('customers', 'customer_sites', 'contacts', 'equipment', 'audits', 'audit_suggestions', 'inspections', 'inspection_categories', 'inspection_point_results')`.execute(db)).rows;
  expect(fks.length).toBeGreaterThan(20);
  for (const f of fks) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(f.child)} c
      where c.${sql.ref(f.col)} is not null and not exists (select 1 from ${sql.table(f.parent)} p where p.${sql.ref(f.ref)} = c.${sql.ref(f.col)})`.execute(db);
    expect(rows[0].n, f.name).toBe(0);
  }
}

/** The run's reports: statuses 10/10/80 %, about a tenth by distributors, one category each and its first points answered. */
export async function expectReportsOfRun(db: Kysely<DB>, n: number, r: SeedScaleResult) {
  const mine = sql`select i.* from inspections i join customers c on c.id = i.customer_id
    where i.audit_id is null and c.mdm_customer_id like ${`SCALE-${r.tag}-%`}`;
  const byStatus = (await sql<{ status: string; n: number }>`select status, count(*)::int as n from (${mine}) i group by status order by status`.execute(db)).rows;
  const expected = { Finished: 0, In_Use: 0, Waiting: 0 };
  for (let g = 1; g <= n; g++) expected[g % 10 === 0 ? 'In_Use' : g % 10 === 1 ? 'Waiting' : 'Finished']++;
  expect(byStatus).toEqual(Object.entries(expected).map(([status, k]) => ({ status, n: k })));
  const dist = (await sql<{ n: number }>`select count(*)::int as n from (${mine}) i where company_id is not null`.execute(db)).rows[0].n;
  expect(dist / n).toBeGreaterThan(0.05);
  expect(dist / n).toBeLessThan(0.15);
  // Each report has exactly one category: its protocol's first (with its title), and a result per point of index < 3
  // of that category, in the category, for the point's library point and position.
  const wrong = (await sql<{ n: number }>`select count(*)::int as n from (${mine}) i
    where (select count(*) from inspection_categories k where k.inspection_id = i.id) <> 1
       or not exists (select 1 from inspection_categories k join protocol_categories pc on pc.id = k.protocol_category_id
           where k.inspection_id = i.id and pc.protocol_id = i.protocol_id and k.title = pc.title
             and pc.index = (select min(index) from protocol_categories where protocol_id = i.protocol_id))
       or (select count(*) from inspection_point_results x where x.inspection_id = i.id) <> (select count(*) from inspection_categories k
           join protocol_points pp on pp.protocol_category_id = k.protocol_category_id and pp.index < 3 where k.inspection_id = i.id)
       or exists (select 1 from inspection_point_results x join inspection_categories k on k.id = x.inspection_category_id
           join protocol_points pp on pp.id = x.protocol_point_id
           where x.inspection_id = i.id and (k.inspection_id <> i.id or pp.protocol_category_id <> k.protocol_category_id
             or pp.inspection_point_id <> x.inspection_point_id or pp.index <> x.index))`.execute(db)).rows[0].n;
  expect(wrong).toBe(0);
  // Ids are random version-4 uuids like the application's (ZId accepts them), all distinct (primary keys).
  const v4 = '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';
  const notV4 = (await sql<{ n: number }>`select count(*)::int as n from (${mine}) i
    join inspection_categories k on k.inspection_id = i.id join inspection_point_results x on x.inspection_category_id = k.id
    where i.id::text !~ ${v4} or k.id::text !~ ${v4} or x.id::text !~ ${v4}`.execute(db)).rows[0].n;
  expect(notV4).toBe(0);
  const total = (await sql<{ n: number }>`select count(*)::int as n from inspection_point_results x join (${mine}) i on i.id = x.inspection_id`.execute(db)).rows[0].n;
  expect(total).toBe(r.pointResults);
  expect(total).toBeGreaterThanOrEqual(n);

  // What a report reads: one per status, parsed by the report contract, its points answered with rating and value.
  const picks = (await sql<{ id: string }>`select distinct on (status) id from (${mine}) i order by status, id`.execute(db)).rows;
  expect(picks).toHaveLength(3);
  for (const { id } of picks) {
    const report = ZReportData.parse(await loadReportData(db, id, 'en'));
    const points = report.categories.flatMap((c) => c.points);
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) {
      expect(p.name).not.toBe('');
      expect(p.value).toMatch(/^\d+\.\d\d$/);
    }
  }
}

/**
 * The reports list on the seeded rows: the kept counters equal a recount, and the default page, a search and a
 * distributor's page read the same rows through the (rebuilt) indexes as through a plain scan.
 */
export async function expectReportsListConsistent(db: Kysely<DB>, r: SeedScaleResult) {
  const counters = (await sql<{ k: string; n: number }>`select company_key || type || status as k, n::int as n from inspection_counts where n <> 0 order by 1`.execute(db)).rows;
  const recount = (await sql<{ k: string; n: number }>`select coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid) || type || status as k,
    count(*)::int as n from inspections where deleted_at is null and audit_id is null group by 1 order by 1`.execute(db)).rows;
  expect(counters).toEqual(recount);

  const serial = (await sql<{ s: string }>`select e.serial_number as s from equipment e join customers c on c.id = e.customer_id
    where c.mdm_customer_id like ${`SCALE-${r.tag}-%`} and exists (select 1 from inspections i where i.equipment_id = e.id) order by e.serial_number limit 1`.execute(db)).rows[0].s;
  const company = (await sql<{ id: string }>`select company_id as id from inspections where company_id is not null limit 1`.execute(db)).rows[0].id;
  const live = sql`deleted_at is null and audit_id is null`;
  const queries = [
    sql`select id from inspections where ${live} order by inspection_date desc, id desc limit 50`,
    sql`select id from inspections where ${live} and search_text like ${'%' + serial.toLowerCase() + '%'} order by inspection_date desc, id desc`,
    sql`select id from inspections where ${live} and company_id = ${company} order by inspection_date desc, id desc limit 50`,
    sql`select id from inspections where ${live} order by type, id limit 50`,
  ];
  const run = (q: (typeof queries)[number], scan: 'index' | 'plain') =>
    db.transaction().execute(async (trx) => {
      if (scan === 'index') await sql`set local enable_seqscan = off`.execute(trx);
      else for (const s of ['enable_indexscan', 'enable_bitmapscan', 'enable_indexonlyscan']) await sql`select set_config(${s}, 'off', true)`.execute(trx);
      return (await q.execute(trx)).rows;
    });
  for (const q of queries) {
    const viaIndex = await run(q, 'index');
    expect(viaIndex.length).toBeGreaterThan(0);
    expect(viaIndex).toEqual(await run(q, 'plain'));
  }
}

/** Every report, audit run and audit carries the search text the application writes (repositories/search-text.ts). */
export async function expectSearchTextAsWritten(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ inspections: number; audits: number }>`select
    (select count(*)::int from inspections i where i.search_text is distinct from ${inspectionSearchText}) as inspections,
    (select count(*)::int from audits a where a.search_text is distinct from ${auditSearchText}) as audits`.execute(db);
  expect(rows[0]).toEqual({ inspections: 0, audits: 0 });
}
