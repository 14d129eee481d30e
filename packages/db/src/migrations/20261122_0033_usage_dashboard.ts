import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, the usage dashboard (002 §2 /UsageDashboards; docs/decisions.md 'Usage dashboard (issue 22)'). Both
 * tables count distinct machines serviced (report inspections, not deleted) per period, in SQL:
 * - per customer: for each machine of the category, one index-only probe of its dates in the widest period (this
 *   year, or this week when it began in December), so the cost follows the machines, not the years of history
 *   (a range scan of a year's dates measured 2 to 3 times slower at a million inspections);
 * - per distributor company: the company's machines ever serviced, its dates beside them, so the totals and the
 *   period counts come from one index-only scan of the company's own entries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index inspections_serviced_equipment on inspections (equipment_id, inspection_date)
    where deleted_at is null and audit_id is null and equipment_id is not null`.execute(db);
  await sql`create index inspections_serviced_company on inspections (company_id, equipment_id, inspection_date)
    where deleted_at is null and audit_id is null and equipment_id is not null and company_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists inspections_serviced_company`.execute(db);
  await sql`drop index if exists inspections_serviced_equipment`.execute(db);
}
