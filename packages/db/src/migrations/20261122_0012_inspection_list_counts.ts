import { sql, type Kysely } from 'kysely';

/**
 * The reports list at a million inspections (issue 7): a page must never count or sort every row.
 *
 * - `inspection_counts` keeps the number of live reports (audit_id null) per company, type and status, kept
 *   exact by a trigger, so the unfiltered and type-filtered lists sum a few dozen rows instead of counting.
 *   `company_key` is the zero uuid for reports created by staff (a primary key cannot hold null).
 *   Bulk loads that switch triggers off (the seed at scale) call `refresh_inspection_counts()` afterwards.
 * - Indexes whose order is exactly `(key, id)` for the type and status sort orders and a distributor's list
 *   (company, date, id), and the equipment list's default order (serial descending, empty serials last).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table inspection_counts (
    company_key uuid not null,
    type text not null,
    status text not null,
    n bigint not null default 0,
    primary key (company_key, type, status)
  )`.execute(db);

  await sql`create function inspection_counts_bump(company uuid, t text, s text, delta int) returns void
    language sql as $$
      insert into inspection_counts as c (company_key, type, status, n)
      values (coalesce(company, '00000000-0000-0000-0000-000000000000'::uuid), t, s, delta)
      on conflict (company_key, type, status) do update set n = c.n + excluded.n
    $$`.execute(db);

  await sql`create function inspection_counts_track() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') and old.deleted_at is null and old.audit_id is null then
        if tg_op = 'UPDATE' and new.deleted_at is null and new.audit_id is null
           and new.company_id is not distinct from old.company_id and new.type = old.type and new.status = old.status then
          return null; -- still counted in the same bucket
        end if;
        perform inspection_counts_bump(old.company_id, old.type, old.status, -1);
      end if;
      if tg_op in ('INSERT', 'UPDATE') and new.deleted_at is null and new.audit_id is null then
        perform inspection_counts_bump(new.company_id, new.type, new.status, 1);
      end if;
      return null;
    end $$`.execute(db);

  await sql`create trigger inspections_counts after insert or delete or update of deleted_at, audit_id, company_id, type, status
    on inspections for each row execute function inspection_counts_track()`.execute(db);

  await sql`create function refresh_inspection_counts() returns void language sql as $$
      delete from inspection_counts;
      insert into inspection_counts (company_key, type, status, n)
      select coalesce(company_id, '00000000-0000-0000-0000-000000000000'::uuid), type, status, count(*)
      from inspections where deleted_at is null and audit_id is null group by 1, 2, 3;
    $$`.execute(db);
  await sql`select refresh_inspection_counts()`.execute(db);

  const reports = sql.raw('where deleted_at is null and audit_id is null');
  await sql`create index inspections_reports_type_id on inspections (type, id) ${reports}`.execute(db);
  await sql`create index inspections_reports_status_id on inspections (status, id) ${reports}`.execute(db);
  // A distributor's list: its company's reports newest first, to the id, so no tie needs sorting.
  await sql`drop index inspections_reports_company`.execute(db);
  await sql`create index inspections_reports_company on inspections (company_id, inspection_date desc, id desc) ${reports}`.execute(db);
  await sql`create index equipment_serial_desc on equipment (serial_number desc nulls last, id desc) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists equipment_serial_desc`.execute(db);
  await sql`drop index if exists inspections_reports_status_id`.execute(db);
  await sql`drop index if exists inspections_reports_company`.execute(db);
  await sql`create index inspections_reports_company on inspections (company_id, inspection_date desc) where deleted_at is null and audit_id is null`.execute(db);
  await sql`drop index if exists inspections_reports_type_id`.execute(db);
  await sql`drop trigger if exists inspections_counts on inspections`.execute(db);
  await sql`drop function if exists refresh_inspection_counts()`.execute(db);
  await sql`drop function if exists inspection_counts_track()`.execute(db);
  await sql`drop function if exists inspection_counts_bump(uuid, text, text, int)`.execute(db);
  await sql`drop table if exists inspection_counts`.execute(db);
}
