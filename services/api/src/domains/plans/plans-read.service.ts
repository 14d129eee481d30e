import { sql, type Expression, type SqlBool } from 'kysely';
import { Level, P, type TDueQuery, type TListResponse, type TPlan } from '@insp/contracts';
import { requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { listPage } from '../../lib/list.js';
import { equipmentOfCompany } from '../equipment/equipment.queries.js';
import { planColumn, planRows, type PlanRowsQuery } from './plans.queries.js';

/**
 * Who sees which plans (P.plans; docs/decisions.md "Inspection plans and due dates (issue 24)"): staff Managers and
 * Admins every plan, staff Users the plans assigned to them, distributors the plans on their company's machines (a
 * machine is a company's when one of its live reports was made on it, as for equipment choices).
 */
function visiblePlans(c: AuthedContext, rows: PlanRowsQuery): PlanRowsQuery {
  const a = c.actor;
  if (a.kind === 'distributor') return rows.where(equipmentOfCompany(a.companyId, sql.ref('x.equipmentId')));
  if (a.level >= Level.Manager) return rows;
  return rows.where(sql.ref('x.inspectorUserId'), '=', a.userId);
}

const dueSort = { expr: planColumn.dueDate, emptyLast: true } as const;

/** GET api/v1/plans/due: plans by due date, what is due within a window, per customer, site, machine or inspector. */
export async function listDuePlans(ctx: ServiceContext, query: TDueQuery): Promise<TListResponse<TPlan>> {
  const c = requirePermission(ctx, P.plans);
  let rows = visiblePlans(c, planRows(c.db, c.config.reportTimeZone));
  if (query.customerId) rows = rows.where('x.customerId', '=', query.customerId);
  if (query.customerSiteId) rows = rows.where('x.customerSiteId', '=', query.customerSiteId);
  if (query.equipmentId) rows = rows.where('x.equipmentId', '=', query.equipmentId);
  if (query.inspectorUserId) rows = rows.where('x.inspectorUserId', '=', query.inspectorUserId === 'me' ? c.actor.userId : query.inspectorUserId);
  if (query.states) rows = rows.where(planColumn.state, 'in', query.states);
  else {
    // What is due within the window, and whatever is already started.
    rows = rows.where(
      sql<SqlBool>`(${planColumn.dueDate} <= ${planColumn.today} + ${query.within}::int or x."inProgressInspectionId" is not null)`,
    );
  }
  return listPage(c.db, rows, query, {
    sortable: {
      dueOn: dueSort,
      serialNumber: { expr: sql.ref('x.serialNumber'), emptyLast: true },
      customerName: { expr: sql`lower(x."customerName")`, emptyLast: true },
      inspectionType: sql.ref('x.inspectionType') as Expression<unknown>,
      inspectorName: { expr: sql`lower(x."inspectorName")`, emptyLast: true },
    },
    defaultSort: { key: 'dueOn', direction: 'asc' },
    tieBreaker: sql.ref('x.id'),
    search: (p) =>
      sql<SqlBool>`(x."serialNumber" ilike ${p} or search_fold(x."nickName") like search_fold(${p}) or x."customerName" ilike ${p} or x."customerSiteName" ilike ${p})`,
  }) as Promise<TListResponse<TPlan>>;
}

/** GET api/v1/plans/{id}. */
export async function getPlan(ctx: ServiceContext, id: string): Promise<TPlan> {
  const c = requirePermission(ctx, P.plans);
  const row = await visiblePlans(c, planRows(c.db, c.config.reportTimeZone)).where('x.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Plan');
  return row as TPlan;
}
