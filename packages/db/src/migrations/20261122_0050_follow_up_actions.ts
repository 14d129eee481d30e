import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, follow-up actions: what a finished inspection found wrong, tracked to closure. A point result rated Repair
 * or ImmediateAction, or a measured value past its recorded limits, in a finished inspection (a report, not an audit
 * run, on an equipment) proposes an action (`state` 'proposed'); a manager accepts it (open, with an assignee and a
 * due date) or dismisses it with a reason; an open action is closed with a comment and optionally the inspection that
 * shows the fix. One row per result (`result_id` unique): a decided proposal is never proposed again.
 *
 * Proposals are kept by deferred triggers on inspections and their results, run at commit, so they see the whole
 * save (an inspection saved with its results in one transaction is judged once its results are written): every path
 * that finishes, reopens, deletes or edits a finished inspection moves its proposals, and the actions list reads this
 * table alone. Undecided proposals of results that no longer qualify (or of an inspection reopened or deleted) go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('follow_up_actions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('proposed').check(sql`state in ('proposed', 'open', 'closed', 'dismissed')`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('Repair', 'ImmediateAction', 'OutOfLimits')`))
    .addColumn('equipment_id', 'uuid', (c) => c.notNull().references('equipment.id'))
    .addColumn('inspection_id', 'uuid', (c) => c.notNull().references('inspections.id'))
    .addColumn('result_id', 'uuid', (c) => c.unique().references('inspection_point_results.id').onDelete('set null'))
    .addColumn('inspection_point_id', 'uuid', (c) => c.references('inspection_points.id'))
    .addColumn('point_name', 'text', (c) => c.notNull())
    .addColumn('value', 'text')
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('assignee_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('due_on', 'date')
    .addColumn('decided_by_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('decided_at', 'timestamptz')
    .addColumn('dismiss_reason', 'text')
    .addColumn('closed_by_user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('closed_at', 'timestamptz')
    .addColumn('close_comment', 'text')
    .addColumn('fixed_by_inspection_id', 'uuid', (c) => c.references('inspections.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index follow_up_actions_equipment on follow_up_actions (equipment_id, state)`.execute(db);
  await sql`create index follow_up_actions_inspection on follow_up_actions (inspection_id)`.execute(db);
  await sql`create index follow_up_actions_assignee on follow_up_actions (assignee_user_id, state) where assignee_user_id is not null`.execute(db);
  await sql`create index follow_up_actions_state_due on follow_up_actions (state, due_on, id)`.execute(db);
  await sql`create index follow_up_actions_point on follow_up_actions (equipment_id, inspection_point_id) where state = 'open'`.execute(db);

  // A number written in a result's value ('12.5', '-3', '4,2'), else null.
  await sql`
    create function result_number(v text) returns numeric language sql immutable as $$
      select case when v ~ '^\\s*-?[0-9]+([.,][0-9]+)?\\s*$' then replace(trim(v), ',', '.')::numeric end
    $$`.execute(db);

  // The results of an inspection that propose an action, and why (a rating first, then a value past a limit).
  await sql`
    create function follow_up_candidates(insp uuid)
    returns table (result_id uuid, point_id uuid, point_name text, value text, text text, reason text)
    language sql stable as $$
      select * from (
        select r.id, coalesce(r.inspection_point_id, x.inspection_point_id),
          coalesce(nullif(r.name_override, ''), p.name, x.name, 'Point'), r.value, coalesce(r.comment, ''),
          case when r.rating = 3 then 'ImmediateAction' when r.rating = 2 then 'Repair'
            when result_number(r.value) < (r.content->'limits'->>'criticalLow')::numeric
              or result_number(r.value) < (r.content->'limits'->>'low')::numeric
              or result_number(r.value) > (r.content->'limits'->>'high')::numeric
              or result_number(r.value) > (r.content->'limits'->>'criticalHigh')::numeric then 'OutOfLimits' end
        from inspection_point_results r
        left join inspection_points p on p.id = r.inspection_point_id
        left join inspection_extra_points x on x.id = r.extra_point_id
        where r.inspection_id = insp
      ) c (result_id, point_id, point_name, value, text, reason)
      where reason is not null
    $$`.execute(db);

  await sql`
    create function refresh_follow_up_proposals(insp uuid) returns void language plpgsql as $$
    declare
      eq uuid;
    begin
      select equipment_id into eq from inspections
        where id = insp and finished and deleted_at is null and audit_id is null;
      if eq is null then
        delete from follow_up_actions where inspection_id = insp and state = 'proposed';
        return;
      end if;
      delete from follow_up_actions a where a.inspection_id = insp and a.state = 'proposed'
        and not exists (select 1 from follow_up_candidates(insp) c where c.result_id = a.result_id);
      insert into follow_up_actions (reason, equipment_id, inspection_id, result_id, inspection_point_id, point_name, value, text)
        select c.reason, eq, insp, c.result_id, c.point_id, c.point_name, c.value, c.text from follow_up_candidates(insp) c
        on conflict (result_id) do update set reason = excluded.reason, point_name = excluded.point_name,
          value = excluded.value, text = excluded.text, equipment_id = excluded.equipment_id, updated_at = now()
          where follow_up_actions.state = 'proposed';
    end $$`.execute(db);

  await sql`
    create function inspections_refresh_proposals() returns trigger language plpgsql as $$
    begin
      perform refresh_follow_up_proposals(coalesce(new.id, old.id));
      return null;
    end $$`.execute(db);
  await sql`
    create function results_refresh_proposals() returns trigger language plpgsql as $$
    begin
      perform refresh_follow_up_proposals(coalesce(new.inspection_id, old.inspection_id));
      return null;
    end $$`.execute(db);
  // Deferred to the commit: a save writes the inspection and its results in one transaction, judged once complete.
  await sql`
    create constraint trigger inspections_refresh_proposals after insert or update of finished, deleted_at, audit_id, equipment_id
    on inspections deferrable initially deferred for each row execute function inspections_refresh_proposals()`.execute(db);
  await sql`
    create constraint trigger results_refresh_proposals after insert or update or delete
    on inspection_point_results deferrable initially deferred for each row execute function results_refresh_proposals()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists results_refresh_proposals on inspection_point_results`.execute(db);
  await sql`drop trigger if exists inspections_refresh_proposals on inspections`.execute(db);
  await sql`drop function if exists results_refresh_proposals()`.execute(db);
  await sql`drop function if exists inspections_refresh_proposals()`.execute(db);
  await sql`drop function if exists refresh_follow_up_proposals(uuid)`.execute(db);
  await sql`drop function if exists follow_up_candidates(uuid)`.execute(db);
  await sql`drop function if exists result_number(text)`.execute(db);
  await db.schema.dropTable('follow_up_actions').execute();
}
