import { sql, type Expression } from 'kysely';
import { P, type TDueQuery, type TListResponse, type TPlan } from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { listPage } from '../../lib/list.js';
import { duePlans, duePlanSearch, planColumn, planRows, syncDefaultTimeZone, visiblePlans } from '@insp/db';

const dueSort = { expr: planColumn.dueDate, emptyLast: true } as const;

/** GET api/v1/plans/due: plans by due date, what is due within a window, per customer, site, machine or inspector. */
export async function listDuePlans(ctx: ServiceContext, query: TDueQuery): Promise<TListResponse<TPlan>> {
  const c = requirePermission(ctx, P.plans);
  await syncDefaultTimeZone(c.db, c.config.reportTimeZone);
  const rows = duePlans(c.db, c.config.reportTimeZone, c.actor, query);
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
    search: duePlanSearch,
  }) as Promise<TListResponse<TPlan>>;
}

/** GET api/v1/plans/{id}. */
export async function getPlan(ctx: ServiceContext, id: string): Promise<TPlan> {
  const c = requirePermission(ctx, P.plans);
  await syncDefaultTimeZone(c.db, c.config.reportTimeZone);
  const row = await visiblePlans(c.actor, planRows(c.db, c.config.reportTimeZone)).where('x.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Plan');
  return row as TPlan;
}
