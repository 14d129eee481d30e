import { sql, type SqlBool } from 'kysely';
import { ACTION_FIX_CANDIDATES_SHOWN, Level, P, type TAction, type TActionFixCandidate, type TActionListQuery, type TListResponse } from '@insp/contracts';
import { requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { listPage } from '../../lib/list.js';
import { equipmentOfCompany } from '../equipment/equipment.queries.js';
import { actionRows, fixInspections, type ActionRowsQuery } from './actions.queries.js';

/**
 * Who sees which actions (P.actions; docs/decisions.md "Follow-up actions (issue 24)"), as for plans: staff Managers
 * and Admins all, staff Users the actions assigned to them, distributors those on their company's machines.
 */
export function visibleActions(c: AuthedContext, rows: ActionRowsQuery): ActionRowsQuery {
  const a = c.actor;
  if (a.kind === 'distributor') return rows.where(equipmentOfCompany(a.companyId, sql.ref('a.equipment_id')));
  if (a.level >= Level.Manager) return rows;
  return rows.where('a.assignee_user_id', '=', a.userId);
}

/** GET api/v1/actions: open, overdue, proposed, closed or dismissed actions per customer, machine, point or assignee. */
export async function listActions(ctx: ServiceContext, query: TActionListQuery): Promise<TListResponse<TAction>> {
  const c = requirePermission(ctx, P.actions);
  let rows = visibleActions(c, actionRows(c.db, c.config.reportTimeZone));
  rows = rows.where(sql.ref('a.state'), 'in', query.states ?? ['proposed', 'open']);
  if (query.overdue !== undefined) {
    const overdue = sql<SqlBool>`(a.state = 'open' and a.due_on < (now() at time zone coalesce(c.time_zone, ${c.config.reportTimeZone}))::date)`;
    rows = rows.where(query.overdue ? overdue : sql<SqlBool>`not ${overdue}`);
  }
  if (query.customerId) rows = rows.where('e.customer_id', '=', query.customerId);
  if (query.equipmentId) rows = rows.where('a.equipment_id', '=', query.equipmentId);
  if (query.inspectionId) rows = rows.where('a.inspection_id', '=', query.inspectionId);
  if (query.inspectionPointId) rows = rows.where('a.inspection_point_id', '=', query.inspectionPointId);
  if (query.assigneeUserId) rows = rows.where('a.assignee_user_id', '=', query.assigneeUserId === 'me' ? c.actor.userId : query.assigneeUserId);
  return listPage(c.db, rows, query, {
    sortable: {
      dueOn: { expr: sql.ref('a.due_on'), emptyLast: true },
      createdAt: sql.ref('a.created_at'),
      serialNumber: { expr: sql.ref('e.serial_number'), emptyLast: true },
      customerName: { expr: sql`lower(c.name)`, emptyLast: true },
      assigneeName: { expr: sql`lower(au.name)`, emptyLast: true },
    },
    defaultSort: { key: 'dueOn', direction: 'asc' },
    tieBreaker: sql.ref('a.id'),
    search: (p) => sql<SqlBool>`(a.point_name ilike ${p} or a.text ilike ${p} or e.serial_number ilike ${p} or c.name ilike ${p})`,
  }) as Promise<TListResponse<TAction>>;
}

/** GET api/v1/actions/{id}. */
export async function getAction(ctx: ServiceContext, id: string): Promise<TAction> {
  const c = requirePermission(ctx, P.actions);
  const row = await visibleActions(c, actionRows(c.db, c.config.reportTimeZone)).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Action');
  return row as TAction;
}

/**
 * GET api/v1/actions/{id}/fixCandidates: what the close dialog offers as the inspection that shows the fix, to whoever
 * may read the action (404 otherwise). The rule is close's: live finished reports the caller may see
 * (a distributor its company's) of the same machine, dated on or after the finding one; newest first, at most 20,
 * through the index inspections_equipment (equipment_id, inspection_date desc).
 */
export async function listFixCandidates(ctx: ServiceContext, id: string): Promise<TActionFixCandidate[]> {
  const c = requirePermission(ctx, P.actions);
  const action = await visibleActions(c, actionRows(c.db, c.config.reportTimeZone)).where('a.id', '=', id).select(['a.inspection_id as foundBy']).executeTakeFirst();
  if (!action) throw notFound('Action');
  return fixInspections(c.db, c.actor, { equipmentId: action.equipmentId, foundByInspectionId: action.foundBy })
    .where('i.finished', '=', true)
    .where(sql<SqlBool>`i.inspection_date >= (select o.inspection_date from inspections o where o.id = ${action.foundBy})`)
    .select(['i.id', 'i.name', sql<string>`i.type`.as('type'), sql<number>`(extract(epoch from i.inspection_date) * 1000)::float8`.as('inspectionDate')])
    .orderBy('i.inspection_date', 'desc')
    .orderBy('i.id', 'desc')
    .limit(ACTION_FIX_CANDIDATES_SHOWN)
    .execute();
}
