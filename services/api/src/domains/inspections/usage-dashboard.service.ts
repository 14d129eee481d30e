import {
  P,
  USAGE_PRODUCT_CATEGORY,
  type TListResponse,
  type TServicedEquipmentQuery,
  type TServicedEquipmentRow,
  type TUsageQuery,
  type TUsageSummary,
} from '@insp/contracts';
import { companyUsageStatement, customerUsageStatement, usagePeriods, usageTotalsStatement, type ServicedRow } from '@insp/db';
import { requirePermission, type ServiceContext } from '../../context.js';
import { containsPattern } from '../../lib/list.js';

// The usage dashboard (002 §2 /UsageDashboards, §7 Dashboard; issue 22). Who: P.usageDashboards (staff admins or the
// Developer flag). Periods: this week (Monday first), month and year on the calendar of query.timeZone.
// `now` is a parameter so the tests can stand on a period's edge.

const toRow = (r: ServicedRow): TServicedEquipmentRow => ({
  id: r.id,
  customerName: r.name,
  customerEnglishName: r.englishName,
  totalNumberOfEquipment: r.total,
  serviceData: { lastWeek: r.week, lastMonth: r.month, lastYear: r.year },
});

const order = (q: TUsageQuery) => ({ key: q.orderKey, direction: q.orderDirection });
const pattern = (q: TUsageQuery) => (q.search ? containsPattern(q.search) : null);

/** GET api/v1/inspections/servicedEquipment: 'Surface drills service dashboard', one row per customer. */
export async function servicedEquipment(
  ctx: ServiceContext,
  query: TServicedEquipmentQuery,
  now = new Date(),
): Promise<TListResponse<TServicedEquipmentRow>> {
  const c = requirePermission(ctx, P.usageDashboards);
  const periods = await usagePeriods(c.db, now, query.timeZone);
  const { rows } = await customerUsageStatement({
    periods,
    category: USAGE_PRODUCT_CATEGORY,
    onlyIncludeServiced: query.onlyIncludeServiced,
    pattern: pattern(query),
    order: order(query),
  }).execute(c.db);
  return { result: rows.map(toRow), count: rows.length };
}

/** GET api/v1/inspections/companiesServicedEquipment: 'Equipment serviced by company', one row per distributor company. */
export async function companiesServicedEquipment(
  ctx: ServiceContext,
  query: TUsageQuery,
  now = new Date(),
): Promise<TListResponse<TServicedEquipmentRow>> {
  const c = requirePermission(ctx, P.usageDashboards);
  const periods = await usagePeriods(c.db, now, query.timeZone);
  const { rows } = await companyUsageStatement({ periods, pattern: pattern(query), order: order(query) }).execute(c.db);
  return { result: rows.map(toRow), count: rows.length };
}

/** GET api/v1/inspections/summary: the periods the counts use and the customer table's totals. */
export async function usageSummary(ctx: ServiceContext, query: Pick<TUsageQuery, 'timeZone'>, now = new Date()): Promise<TUsageSummary> {
  const c = requirePermission(ctx, P.usageDashboards);
  const p = await usagePeriods(c.db, now, query.timeZone);
  const { rows } = await usageTotalsStatement(p, USAGE_PRODUCT_CATEGORY).execute(c.db);
  const t = rows[0]!;
  const ms = (d: Date) => new Date(d).getTime();
  return {
    timeZone: query.timeZone,
    weekStartsOn: 'Monday',
    periods: {
      week: { from: ms(p.weekFrom), to: ms(p.weekTo) },
      month: { from: ms(p.monthFrom), to: ms(p.monthTo) },
      year: { from: ms(p.yearFrom), to: ms(p.yearTo) },
    },
    productCategory: USAGE_PRODUCT_CATEGORY,
    customers: t.customers,
    totalNumberOfEquipment: t.total,
    serviceData: { lastWeek: t.week, lastMonth: t.month, lastYear: t.year },
  };
}
