import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, due and overdue inspections: a plan ties one equipment to an inspection type (Daily … Annual), with an
 * optional protocol, grace period and assigned inspector. Due dates follow from the last finished inspection of that
 * type on that equipment, so each plan keeps that inspection (and a started, unfinished one after it) up to date
 * through a trigger on inspections: every path that starts, finishes, reopens, re-dates, retypes or deletes an
 * inspection (REST, tRPC, worker, imports) moves the plans it concerns, and a due list reads plans alone — no
 * per-plan search through a million inspections. The due date itself (last done in the customer's time zone plus
 * the type's interval) is computed when read, since the zone of a customer without one is a setting of the API.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inspection_plans')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('equipment_id', 'uuid', (c) => c.notNull().references('equipment.id'))
    .addColumn('inspection_type', 'text', (c) => c.notNull().check(sql`inspection_type in ('Daily', 'Weekly', 'Monthly', 'Quarterly', 'Mid_Year', 'Annual')`))
    .addColumn('protocol_id', 'uuid', (c) => c.references('protocols.id'))
    .addColumn('grace_days', 'integer', (c) => c.notNull().defaultTo(0).check(sql`grace_days between 0 and 365`))
    .addColumn('inspector_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('remind_customer', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('starts_on', 'date', (c) => c.notNull())
    .addColumn('last_done_inspection_id', 'uuid')
    .addColumn('last_done_at', 'timestamptz')
    .addColumn('in_progress_inspection_id', 'uuid')
    .addColumn('created_by_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // One live plan per machine and type: the due date follows the type, whatever the protocol.
  await sql`create unique index inspection_plans_equipment_type on inspection_plans (equipment_id, inspection_type) where deleted_at is null`.execute(db);
  await sql`create index inspection_plans_inspector on inspection_plans (inspector_user_id) where deleted_at is null`.execute(db);
  // The last finished (and a started) inspection of a type on a machine, for the trigger below.
  await sql`create index inspections_equipment_type_date on inspections (equipment_id, type, inspection_date desc, id desc)
    where deleted_at is null and audit_id is null`.execute(db);

  await sql`
    create function refresh_inspection_plans(eq uuid, typ text) returns void language plpgsql as $$
    declare
      done_id uuid;
      done_at timestamptz;
    begin
      if eq is null or typ is null or not exists (
        select 1 from inspection_plans where equipment_id = eq and inspection_type = typ and deleted_at is null
      ) then
        return;
      end if;
      select id, inspection_date into done_id, done_at from inspections
        where equipment_id = eq and type = typ and deleted_at is null and audit_id is null and finished
        order by inspection_date desc, id desc limit 1;
      update inspection_plans set
        last_done_inspection_id = done_id,
        last_done_at = done_at,
        in_progress_inspection_id = (
          select id from inspections
          where equipment_id = eq and type = typ and deleted_at is null and audit_id is null and not finished
            and (done_at is null or inspection_date >= done_at)
          order by inspection_date desc, id desc limit 1)
      where equipment_id = eq and inspection_type = typ and deleted_at is null;
    end $$`.execute(db);

  await sql`
    create function inspections_refresh_plans() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        perform refresh_inspection_plans(old.equipment_id, old.type);
      end if;
      if tg_op in ('INSERT', 'UPDATE')
        and (tg_op = 'INSERT' or new.equipment_id is distinct from old.equipment_id or new.type is distinct from old.type) then
        perform refresh_inspection_plans(new.equipment_id, new.type);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger inspections_refresh_plans after insert or delete or update of equipment_id, type, finished, inspection_date, deleted_at, audit_id
    on inspections for each row execute function inspections_refresh_plans()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists inspections_refresh_plans on inspections`.execute(db);
  await sql`drop function if exists inspections_refresh_plans()`.execute(db);
  await sql`drop function if exists refresh_inspection_plans(uuid, text)`.execute(db);
  await sql`drop index if exists inspections_equipment_type_date`.execute(db);
  await db.schema.dropTable('inspection_plans').execute();
}
