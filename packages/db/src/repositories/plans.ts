import { sql, type SqlBool } from 'kysely';
import { Level, type Actor, type TDueQuery, type TEquipmentListQuery, type TPlan } from '@insp/contracts';
import type { Db } from '../client.js';

/**
 * Issue 24: the plans' row source, who sees which plans and the due list's filters, shared by the API's due list and
 * the worker's due list export (docs/decisions.md "Due reminders, due events and the due list's export").
 */

/** Columns of `planRows` to filter on (the computed ones are expressions of the subquery `x`). */
export const planColumn = {
  dueDate: sql.ref('x.due_date'),
  today: sql.ref('x.today'),
  state: sql<TPlan['state']>`(case when x."inProgressInspectionId" is not null then 'in_progress'
    when x.today > x.due_date + x."graceDays" then 'overdue'
    when x.today >= x.due_date then 'due' else 'upcoming' end)`,
};

/**
 * The latest "today" of any time zone (UTC's date + 1: no zone is more than a day ahead of UTC): a constant for an
 * index range before the exact comparison with the customer's today (docs/decisions.md "Stored due dates").
 */
export const latestToday = sql<string>`((now() at time zone 'UTC')::date + 1)`;

/**
 * The zone of customers without one (the API's REPORT_TIME_ZONE), as the database's stored due dates use it
 * (`app_settings`, migration 0054): written when it differs, which recomputes the due dates of those customers'
 * plans in one statement (a trigger). Called at start and before reading due dates, once per handle and zone.
 */
const syncedZones = new WeakMap<object, string>();
export async function syncDefaultTimeZone(db: Db, zone: string): Promise<void> {
  if (syncedZones.get(db) === zone) return;
  await sql`update app_settings set default_time_zone = ${zone} where default_time_zone is distinct from ${zone}`.execute(db);
  syncedZones.set(db, zone);
}

/**
 * Live plans with their machine, customer and site, and where each stands today, as one row source `d` to filter,
 * sort and page on (docs/decisions.md "Inspection plans and due dates (issue 24)"). Dates are the customer's: the
 * last inspection's day in the customer's time zone (or the API's REPORT_TIME_ZONE) plus the type's interval, so a
 * change of daylight saving time moves nothing and a month from 31 January is the end of February. That due date
 * is stored (`p.due_on`, kept by triggers: migration 0054; callers sync the default zone first, syncDefaultTimeZone);
 * today is the customer's, when read.
 * Names (site, family, model, protocol, inspector) are scalar subqueries, not joins: with eight joined tables
 * PostgreSQL spent 30-70 ms choosing a join order for a list that then ran in 2 ms (bench/plans-due.bench.ts);
 * a subquery of the select list is planned on its own and run only for the rows a page returns.
 */
export function planRows(db: Db, defaultTimeZone: string) {
  const inner = db
    .selectFrom('inspection_plans as p')
    .innerJoin('equipment as e', 'e.id', 'p.equipment_id')
    .leftJoin('customers as c', 'c.id', 'e.customer_id')
    .where('p.deleted_at', 'is', null)
    .where('e.deleted_at', 'is', null)
    .select((eb) => [
      'p.id',
      'p.equipment_id as equipmentId',
      'e.serial_number as serialNumber',
      'e.nick_name as nickName',
      sql<string | null>`(select f.name from product_families f where f.id = e.product_family_id)`.as('productFamilyName'),
      sql<string | null>`(select m.name from product_models m where m.id = e.product_model_id)`.as('productModelName'),
      'e.customer_id as customerId',
      'c.name as customerName',
      'e.customer_site_id as customerSiteId',
      sql<string | null>`(select s.name from customer_sites s where s.id = e.customer_site_id)`.as('customerSiteName'),
      'p.inspection_type as inspectionType',
      'p.protocol_id as protocolId',
      sql<string | null>`(select pr.name from protocols pr where pr.id = p.protocol_id)`.as('protocolName'),
      'p.grace_days as graceDays',
      'p.inspector_user_id as inspectorUserId',
      sql<string | null>`(select u.name from users u where u.id = p.inspector_user_id)`.as('inspectorName'),
      'p.remind_customer as remindCustomer',
      sql<string>`to_char(p.starts_on, 'YYYY-MM-DD')`.as('startsOn'),
      'p.last_done_inspection_id as lastDoneInspectionId',
      sql<number | null>`(extract(epoch from p.last_done_at) * 1000)::float8`.as('lastDoneAt'),
      'p.in_progress_inspection_id as inProgressInspectionId',
      sql<string>`coalesce(c.time_zone, ${defaultTimeZone})`.as('timeZone'),
      eb.ref('p.due_on').as('due_date'),
    ]);
  const today = sql`(now() at time zone ${sql.ref('r.timeZone')})::date`;
  return db
    .selectFrom(
      db
        .selectFrom(inner.as('r'))
        .selectAll('r')
        .select([sql<string>`${today}`.as('today')])
        .as('x'),
    )
    .select([
      'x.id', 'x.equipmentId', 'x.serialNumber', 'x.nickName', 'x.productFamilyName', 'x.productModelName',
      'x.customerId', 'x.customerName', 'x.customerSiteId', 'x.customerSiteName', 'x.inspectionType', 'x.protocolId',
      'x.protocolName', 'x.graceDays', 'x.inspectorUserId', 'x.inspectorName', 'x.remindCustomer', 'x.startsOn',
      'x.lastDoneInspectionId', 'x.lastDoneAt', 'x.inProgressInspectionId', 'x.timeZone',
      sql<string>`to_char(x.due_date, 'YYYY-MM-DD')`.as('dueOn'),
      sql<number>`(x.today - x.due_date)`.as('daysPastDue'),
      planColumn.state.as('state'),
    ]);
}

export type PlanRowsQuery = ReturnType<typeof planRows>;


/** What the scoping of plans needs of the caller (an API actor, or the one stored with an export). */
export type PlanViewer = Pick<Actor, 'userId' | 'kind' | 'level' | 'companyId'>;

/**
 * Who sees which plans (P.plans; docs/decisions.md "Inspection plans and due dates (issue 24)"): staff Managers and
 * Admins every plan, staff Users the plans assigned to them, distributors the plans on their company's machines (a
 * machine is a company's when one of its live reports was made on it, as for equipment choices).
 */
export function visiblePlans(viewer: PlanViewer, rows: PlanRowsQuery): PlanRowsQuery {
  if (viewer.kind === 'distributor') {
    if (!viewer.companyId) return rows.where(sql<SqlBool>`false`);
    return rows.where(
      sql<SqlBool>`exists (select 1 from inspections i where i.equipment_id = x."equipmentId" and i.company_id = ${viewer.companyId} and i.deleted_at is null)`,
    );
  }
  if (viewer.level >= Level.Manager) return rows;
  return rows.where(sql.ref('x.inspectorUserId'), '=', viewer.userId);
}

/** The due list's filters (ZDueQuery, without search, sort and paging), on what the viewer may see. */
export function duePlans(db: Db, defaultTimeZone: string, viewer: PlanViewer, query: Pick<TDueQuery, 'customerId' | 'customerSiteId' | 'equipmentId' | 'inspectorUserId' | 'within' | 'states'>): PlanRowsQuery {
  let rows = visiblePlans(viewer, planRows(db, defaultTimeZone));
  if (query.customerId) rows = rows.where('x.customerId', '=', query.customerId);
  if (query.customerSiteId) rows = rows.where('x.customerSiteId', '=', query.customerSiteId);
  if (query.equipmentId) rows = rows.where('x.equipmentId', '=', query.equipmentId);
  if (query.inspectorUserId) rows = rows.where('x.inspectorUserId', '=', query.inspectorUserId === 'me' ? viewer.userId : query.inspectorUserId);
  if (query.states) {
    const due = query.states.includes('due');
    const overdue = query.states.includes('overdue');
    if ((due || overdue) && query.states.every((st) => st === 'due' || st === 'overdue')) {
      // The state's own terms rather than its case expression, which PostgreSQL sizes at 1% of the rows (it then
      // sorted 14,000 plans for a page); due and overdue need today >= the due date, so a due date no later than the
      // latest today anywhere: an index range.
      rows = rows.where('x.inProgressInspectionId', 'is', null).where(planColumn.dueDate, '<=', latestToday);
      if (!overdue) return rows.where(sql<SqlBool>`(x.today >= x.due_date and x.today <= x.due_date + x."graceDays")`);
      if (!due) return rows.where(sql<SqlBool>`x.today > x.due_date + x."graceDays"`);
      return rows.where(sql<SqlBool>`x.today >= x.due_date`);
    }
    return rows.where(planColumn.state, 'in', query.states);
  }
  // What is due within the window, and whatever is already started.
  return rows.where(sql<SqlBool>`(${planColumn.dueDate} <= ${planColumn.today} + ${query.within ?? 30}::int or x."inProgressInspectionId" is not null)`);
}

/** The due list's search: serial number, nickname, customer or site. */
export const duePlanSearch = (pattern: string) =>
  sql<SqlBool>`(x."serialNumber" ilike ${pattern} or search_fold(x."nickName") like search_fold(${pattern}) or x."customerName" ilike ${pattern} or x."customerSiteName" ilike ${pattern})`;

/**
 * The Equipment list's due column (issue 24), from the machine's stored columns (migration 0054, kept by triggers
 * from its live plans) and its customer `c`'s today: the earliest due date of its live plans, days past it, and the
 * most pressing state (overdue, due, in progress, upcoming; null without a plan).
 */
export function equipmentDueColumns(defaultTimeZone: string) {
  const today = sql`(now() at time zone coalesce(c.time_zone, ${defaultTimeZone}))::date`;
  return [
    sql<string | null>`to_char(e.next_due_on, 'YYYY-MM-DD')`.as('nextDueOn'),
    sql<number | null>`(${today} - e.next_due_on)`.as('nextDueDaysPastDue'),
    sql<TPlan['state'] | null>`(case when e.next_due_on is null then null
      when e.overdue_since <= ${today} then 'overdue' when e.due_since <= ${today} then 'due'
      when e.due_in_progress then 'in_progress' else 'upcoming' end)`.as('nextDueState'),
  ] as const;
}

/**
 * The Equipment list's due filter on machine `e` (customer `c`): overdue (a plan without a started inspection is
 * past its grace), due (one is due today or earlier: due or overdue), planned, unplanned. Each compares a stored
 * date first with the latest today anywhere (an index range) and then exactly with the customer's today.
 */
export function equipmentDueFilter(due: NonNullable<TEquipmentListQuery['due']>, defaultTimeZone: string) {
  // No zone's today is before UTC's - 1 either: a date up to then is past in every zone, whatever the customer; the
  // customer's today (customer_today, a lookup of its zone) is needed only for the two days in between. So a count
  // of matches reads the index alone (customer_id included): no join with customers.
  const since = (column: 'overdue_since' | 'due_since') => {
    const d = sql.ref(`e.${column}`);
    return sql<SqlBool>`(${d} <= ${latestToday} and (${d} <= ${latestToday} - 2 or ${d} <= customer_today(e.customer_id, ${defaultTimeZone})))`;
  };
  if (due === 'overdue') return since('overdue_since');
  if (due === 'due') return since('due_since');
  if (due === 'planned') return sql<SqlBool>`e.next_due_on is not null`;
  return sql<SqlBool>`e.next_due_on is null`;
}
