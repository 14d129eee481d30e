import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, stored due dates (docs/decisions.md "Stored due dates (issue 24)"): each live plan keeps its due date
 * (`due_on`: the last finished inspection's day in the customer's time zone plus the type's interval, or starts_on),
 * and each machine keeps what its Equipment-list due column, filter and sort need, so they read indexes instead of
 * computing every machine's plans: `next_due_on` (earliest due date; null without live plans), `due_since` (earliest
 * due date of plans without a started inspection), `overdue_since` (earliest due date + grace + 1 of those) and
 * `due_in_progress` (a plan has a started inspection). Triggers keep them on every path: a plan's insert or update
 * (before: its due_on; after, per statement: its machines), a customer's time zone, a machine's customer, and the
 * default zone (the API's REPORT_TIME_ZONE, stored in the one-row `app_settings` by the API and worker at start).
 * Today (in the customer's zone) stays a read-time comparison.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table app_settings (
    id boolean primary key default true check (id),
    default_time_zone text not null default 'UTC'
  )`.execute(db);
  await sql`insert into app_settings default values`.execute(db);

  await sql`alter table inspection_plans add column due_on date`.execute(db);
  await sql`alter table equipment add column next_due_on date, add column due_since date, add column overdue_since date,
    add column due_in_progress boolean not null default false`.execute(db);

  // The intervals of PLAN_INTERVALS (packages/contracts plans.ts), as planRows added them.
  await sql`
    create function plan_due_on(done timestamptz, starts date, typ text, zone text) returns date language sql stable as $$
      select case when done is null then starts else ((done at time zone zone)::date + (case typ
        when 'Daily' then interval '1 day' when 'Weekly' then interval '7 days' when 'Monthly' then interval '1 months'
        when 'Quarterly' then interval '3 months' when 'Mid_Year' then interval '6 months' when 'Annual' then interval '12 months' end))::date end
    $$`.execute(db);
  await sql`
    create function plan_time_zone(eq uuid) returns text language sql stable as $$
      select coalesce((select c.time_zone from equipment e join customers c on c.id = e.customer_id where e.id = eq),
        (select default_time_zone from app_settings))
    $$`.execute(db);

  // A customer's today (or the default zone's without a customer or zone), for the few rows a filter cannot settle
  // from the stored date alone. PL/pgSQL on purpose: never inlined, so the planner costs a call, not a subquery per
  // row (which priced the Equipment list's overdue count past jit_above_cost: 90 ms of JIT for a 20 ms query).
  await sql`
    create function customer_today(customer uuid, default_zone text) returns date language plpgsql stable as $$
    begin
      return (now() at time zone coalesce((select time_zone from customers where id = customer), default_zone))::date;
    end $$`.execute(db);

  // Every written plan row gets its due date (an update that sets due_on recomputes it: the zone moved).
  await sql`
    create function inspection_plans_due_on() returns trigger language plpgsql as $$
    begin
      new.due_on := plan_due_on(new.last_done_at, new.starts_on, new.inspection_type, plan_time_zone(new.equipment_id));
      return new;
    end $$`.execute(db);
  await sql`create trigger inspection_plans_due_on before insert or update on inspection_plans
    for each row execute function inspection_plans_due_on()`.execute(db);

  await sql`
    create function refresh_equipment_due(ids uuid[]) returns void language sql as $$
      update equipment e set next_due_on = a.next_due_on, due_since = a.due_since, overdue_since = a.overdue_since,
        due_in_progress = a.in_progress
      from (
        select q.id, min(p.due_on) as next_due_on,
          min(p.due_on) filter (where p.in_progress_inspection_id is null) as due_since,
          min(p.due_on + p.grace_days + 1) filter (where p.in_progress_inspection_id is null) as overdue_since,
          coalesce(bool_or(p.in_progress_inspection_id is not null), false) as in_progress
        from (select distinct unnest(ids) as id) q
        left join inspection_plans p on p.equipment_id = q.id and p.deleted_at is null
        group by q.id
      ) a
      where e.id = a.id and (e.next_due_on, e.due_since, e.overdue_since, e.due_in_progress)
        is distinct from (a.next_due_on, a.due_since, a.overdue_since, a.in_progress)
    $$`.execute(db);
  // Per statement, with its transition rows: one update of the machines a bulk change of plans touches.
  await sql`
    create function inspection_plans_refresh_equipment() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform refresh_equipment_due(array(select equipment_id from new_rows where deleted_at is null));
      elsif tg_op = 'DELETE' then
        perform refresh_equipment_due(array(select equipment_id from old_rows));
      else
        perform refresh_equipment_due(array(
          select x.eq from new_rows n join old_rows o on o.id = n.id
          cross join lateral (values (n.equipment_id), (o.equipment_id)) x(eq)
          where (n.due_on, n.grace_days, n.in_progress_inspection_id, n.deleted_at, n.equipment_id)
            is distinct from (o.due_on, o.grace_days, o.in_progress_inspection_id, o.deleted_at, o.equipment_id)));
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger inspection_plans_refresh_equipment_ins after insert on inspection_plans
    referencing new table as new_rows for each statement execute function inspection_plans_refresh_equipment()`.execute(db);
  await sql`create trigger inspection_plans_refresh_equipment_upd after update on inspection_plans
    referencing new table as new_rows old table as old_rows for each statement execute function inspection_plans_refresh_equipment()`.execute(db);
  await sql`create trigger inspection_plans_refresh_equipment_del after delete on inspection_plans
    referencing old table as old_rows for each statement execute function inspection_plans_refresh_equipment()`.execute(db);

  // The zone moved: the live plans it dates are written again (the before trigger recomputes due_on).
  await sql`
    create function customers_zone_refresh_plans() returns trigger language plpgsql as $$
    begin
      update inspection_plans set due_on = null
        where deleted_at is null and equipment_id in (select id from equipment where customer_id = new.id);
      return null;
    end $$`.execute(db);
  await sql`create trigger customers_zone_refresh_plans after update of time_zone on customers
    for each row when (old.time_zone is distinct from new.time_zone) execute function customers_zone_refresh_plans()`.execute(db);
  await sql`
    create function equipment_customer_refresh_plans() returns trigger language plpgsql as $$
    begin
      update inspection_plans set due_on = null where deleted_at is null and equipment_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger equipment_customer_refresh_plans after update of customer_id on equipment
    for each row when (old.customer_id is distinct from new.customer_id) execute function equipment_customer_refresh_plans()`.execute(db);
  await sql`
    create function app_settings_zone_refresh_plans() returns trigger language plpgsql as $$
    begin
      update inspection_plans p set due_on = null
        where p.deleted_at is null and not exists (
          select 1 from equipment e join customers c on c.id = e.customer_id where e.id = p.equipment_id and c.time_zone is not null);
      return null;
    end $$`.execute(db);
  await sql`create trigger app_settings_zone_refresh_plans after update of default_time_zone on app_settings
    for each row when (old.default_time_zone is distinct from new.default_time_zone) execute function app_settings_zone_refresh_plans()`.execute(db);

  // Backfill: every live plan written once (its due date, then its machine's columns).
  await sql`update inspection_plans set due_on = null where deleted_at is null`.execute(db);

  // An inspector's due list by due date; the managers' by due date.
  await sql`drop index if exists inspection_plans_inspector`.execute(db);
  await sql`create index inspection_plans_inspector_due on inspection_plans (inspector_user_id, due_on, id) where deleted_at is null`.execute(db);
  await sql`create index inspection_plans_due on inspection_plans (due_on, id) where deleted_at is null`.execute(db);
  // The Equipment list: sorted by next due date (both directions, empty last), planned / unplanned, due, overdue.
  await sql`create index equipment_next_due on equipment (next_due_on, id) where deleted_at is null`.execute(db);
  await sql`create index equipment_next_due_desc on equipment (next_due_on desc nulls last, id desc) where deleted_at is null`.execute(db);
  await sql`create index equipment_due_since on equipment (due_since) include (customer_id) where deleted_at is null and due_since is not null`.execute(db);
  await sql`create index equipment_overdue_since on equipment (overdue_since) include (customer_id) where deleted_at is null and overdue_since is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const i of ['equipment_overdue_since', 'equipment_due_since', 'equipment_next_due_desc', 'equipment_next_due', 'inspection_plans_due', 'inspection_plans_inspector_due']) {
    await sql`drop index if exists ${sql.id(i)}`.execute(db);
  }
  await sql`create index inspection_plans_inspector on inspection_plans (inspector_user_id) where deleted_at is null`.execute(db);
  await sql`drop trigger if exists app_settings_zone_refresh_plans on app_settings`.execute(db);
  await sql`drop trigger if exists equipment_customer_refresh_plans on equipment`.execute(db);
  await sql`drop trigger if exists customers_zone_refresh_plans on customers`.execute(db);
  for (const t of ['inspection_plans_refresh_equipment_ins', 'inspection_plans_refresh_equipment_upd', 'inspection_plans_refresh_equipment_del', 'inspection_plans_due_on']) {
    await sql`drop trigger if exists ${sql.id(t)} on inspection_plans`.execute(db);
  }
  await sql`drop function if exists app_settings_zone_refresh_plans()`.execute(db);
  await sql`drop function if exists equipment_customer_refresh_plans()`.execute(db);
  await sql`drop function if exists customers_zone_refresh_plans()`.execute(db);
  await sql`drop function if exists inspection_plans_refresh_equipment()`.execute(db);
  await sql`drop function if exists refresh_equipment_due(uuid[])`.execute(db);
  await sql`drop function if exists inspection_plans_due_on()`.execute(db);
  await sql`drop function if exists plan_time_zone(uuid)`.execute(db);
  await sql`drop function if exists customer_today(uuid, text)`.execute(db);
  await sql`drop function if exists plan_due_on(timestamptz, date, text, text)`.execute(db);
  await sql`alter table equipment drop column if exists next_due_on, drop column if exists due_since, drop column if exists overdue_since,
    drop column if exists due_in_progress`.execute(db);
  await sql`alter table inspection_plans drop column if exists due_on`.execute(db);
  await sql`drop table if exists app_settings`.execute(db);
}
