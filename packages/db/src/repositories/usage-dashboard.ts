import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../client.js';

/**
 * The usage dashboard's aggregates (issue 22; docs/decisions.md 'Usage dashboard (issue 22)'), all in SQL: a machine
 * is serviced in a period when a report inspection (not deleted, not an audit run) of it is dated in [from, to).
 * The builders return statements so the benchmark runs the very SQL the API runs.
 */

export interface UsagePeriods {
  weekFrom: Date;
  weekTo: Date;
  monthFrom: Date;
  monthTo: Date;
  yearFrom: Date;
  yearTo: Date;
}

/** This week (ISO: Monday first), month and year around `now` on the calendar of `timeZone`, as instants. */
export function usagePeriodsStatement(now: Date, timeZone: string): RawBuilder<UsagePeriods> {
  const local = sql`(${now}::timestamptz at time zone ${timeZone})`;
  const at = (unit: 'week' | 'month' | 'year', step: string) =>
    sql<Date>`((date_trunc(${unit}, ${local}) + ${step}::interval) at time zone ${timeZone})`;
  return sql<UsagePeriods>`select ${at('week', '0 days')} as "weekFrom", ${at('week', '1 week')} as "weekTo",
    ${at('month', '0 days')} as "monthFrom", ${at('month', '1 month')} as "monthTo",
    ${at('year', '0 days')} as "yearFrom", ${at('year', '1 year')} as "yearTo"`;
}

export async function usagePeriods(db: Db, now: Date, timeZone: string): Promise<UsagePeriods> {
  return (await usagePeriodsStatement(now, timeZone).execute(db)).rows[0]!;
}

export type UsageOrder = { key: 'name' | 'totalNumberOfEquipment' | 'lastWeek' | 'lastMonth' | 'lastYear'; direction: 'asc' | 'desc' };

export interface ServicedRow {
  id: string;
  name: string | null;
  englishName: string | null;
  total: number;
  week: number;
  month: number;
  year: number;
}

const columns: Record<UsageOrder['key'], string> = {
  name: 'name', totalNumberOfEquipment: 'total', lastWeek: 'week', lastMonth: 'month', lastYear: 'year',
};

/**
 * ORDER BY the key (ascending puts null names last, 002 §2), then the name and id so equal counts keep one order.
 * Names sort in the root ICU order of migration 0028 ('beta' between 'Alpha' and 'Delta'), not byte order.
 */
function orderBy(order: UsageOrder) {
  const dir = sql.raw(order.direction === 'desc' ? 'desc nulls first' : 'asc nulls last');
  const name = sql`name collate sort_root`;
  const key = order.key === 'name' ? name : sql.ref(columns[order.key]);
  return sql`order by ${key} ${dir}, ${name} asc nulls last, id`;
}

const inPeriod = (p: UsagePeriods, from: keyof UsagePeriods, to: keyof UsagePeriods) =>
  sql`i.inspection_date >= ${p[from]} and i.inspection_date < ${p[to]}`;

/** The serviced flags of one inspection row `i`, for bool_or per machine. */
const flags = (p: UsagePeriods) => sql`bool_or(${inPeriod(p, 'weekFrom', 'weekTo')}) as w,
  bool_or(${inPeriod(p, 'monthFrom', 'monthTo')}) as m, bool_or(${inPeriod(p, 'yearFrom', 'yearTo')}) as y`;

const serviced = sql`i.deleted_at is null and i.audit_id is null and i.equipment_id is not null`;

/**
 * Per live customer: its machines of the product category (not deleted) and how many were serviced in each period. Each
 * machine's dates in the widest period (a week may begin in the year before) are one index-only probe of
 * inspections_serviced_equipment: the cost follows the machines, not the inspections.
 */
function perCustomer(p: UsagePeriods, category: string, customers: RawBuilder<unknown> | null = null) {
  const from = p.weekFrom < p.yearFrom ? p.weekFrom : p.yearFrom;
  const to = p.weekTo > p.yearTo ? p.weekTo : p.yearTo;
  return sql`machines as (
      select e.id, e.customer_id from equipment e
      join product_families f on f.id = e.product_family_id
      join product_categories pc on pc.id = f.product_category_id
      join customers c on c.id = e.customer_id and c.deleted_at is null and c.merged_into_customer_id is null
      where e.deleted_at is null and lower(pc.name) = lower(${category}) ${customers ? sql`and ${customers}` : sql``}
    ), per_customer as (
      select m.customer_id, count(*)::int as total, (count(*) filter (where d.w))::int as week,
        (count(*) filter (where d.m))::int as month, (count(*) filter (where d.y))::int as year
      from machines m cross join lateral (
        select ${flags(p)} from inspections i
        where i.equipment_id = m.id and ${serviced} and i.inspection_date >= ${from} and i.inspection_date < ${to}
      ) d
      group by m.customer_id
    )`;
}

export interface CustomerUsageInput {
  periods: UsagePeriods;
  category: string;
  /** Leave out customers none of whose machines (of the category) has a report inspection, whenever dated. */
  onlyIncludeServiced: boolean;
  /** An escaped ILIKE contains-pattern, matched accent- and case-insensitively on the name or the English name. */
  pattern: string | null;
  order: UsageOrder;
}

function customerRows(input: CustomerUsageInput) {
  const { periods, category, onlyIncludeServiced, pattern } = input;
  // Serviced this year, or else (only customers with machines of the category) any dated report inspection of one:
  // equipment_customer finds the customer's machines, inspections_serviced_equipment one inspection of each.
  const everServiced = sql`(coalesce(pc.year, 0) > 0 or (coalesce(pc.total, 0) > 0 and exists (select 1 from equipment e
      join product_families f on f.id = e.product_family_id
      join product_categories cat on cat.id = f.product_category_id
      join inspections i on i.equipment_id = e.id and ${serviced}
      where e.customer_id = c.id and e.deleted_at is null and lower(cat.name) = lower(${category}))))`;
  const search = sql`(search_fold(c.name) like search_fold(${pattern}) or search_fold(c.english_name) like search_fold(${pattern}))`;
  // A search counts only the machines of the customers it finds.
  return sql`with ${perCustomer(periods, category, pattern !== null ? search : null)}, rows as (
      select c.id, c.name, c.english_name as "englishName", coalesce(pc.total, 0) as total, coalesce(pc.week, 0) as week,
        coalesce(pc.month, 0) as month, coalesce(pc.year, 0) as year
      from customers c left join per_customer pc on pc.customer_id = c.id
      where c.deleted_at is null and c.merged_into_customer_id is null
        ${onlyIncludeServiced ? sql`and ${everServiced}` : sql``}
        ${pattern !== null ? sql`and ${search}` : sql``}
    )`;
}

/** 'Surface drills service dashboard': one row per customer. */
export function customerUsageStatement(input: CustomerUsageInput): RawBuilder<ServicedRow> {
  return sql<ServicedRow>`${customerRows(input)} select * from rows ${orderBy(input.order)}`;
}

export interface UsageTotals {
  customers: number;
  total: number;
  week: number;
  month: number;
  year: number;
}

/** The customer table's totals over every customer (the summary call). */
export function usageTotalsStatement(periods: UsagePeriods, category: string): RawBuilder<UsageTotals> {
  return sql<UsageTotals>`with ${perCustomer(periods, category)}
    select count(*)::int as customers, coalesce(sum(total), 0)::int as total, coalesce(sum(week), 0)::int as week,
      coalesce(sum(month), 0)::int as month, coalesce(sum(year), 0)::int as year
    from per_customer`;
}

export interface CompanyUsageInput {
  periods: UsagePeriods;
  pattern: string | null;
  order: UsageOrder;
}

/**
 * 'Equipment serviced by company': per distributor company (not deleted), the machines it has ever serviced (its
 * total) and how many of them it serviced in each period; one index-only scan of inspections_serviced_company.
 */
export function companyUsageStatement(input: CompanyUsageInput): RawBuilder<ServicedRow> {
  const { periods, pattern } = input;
  return sql<ServicedRow>`with per_machine as (
      select i.company_id, i.equipment_id, ${flags(periods)}
      from inspections i
      where ${serviced} and i.company_id is not null
      group by i.company_id, i.equipment_id
    ), per_company as (
      select company_id, count(*)::int as total, (count(*) filter (where w))::int as week,
        (count(*) filter (where m))::int as month, (count(*) filter (where y))::int as year
      from per_machine group by company_id
    ), rows as (
      select co.id, co.name, null::text as "englishName", coalesce(pc.total, 0) as total, coalesce(pc.week, 0) as week,
        coalesce(pc.month, 0) as month, coalesce(pc.year, 0) as year
      from companies co left join per_company pc on pc.company_id = co.id
      where co.deleted_at is null ${pattern !== null ? sql`and search_fold(co.name) like search_fold(${pattern})` : sql``}
    )
    select * from rows ${orderBy(input.order)}`;
}
