import { z } from 'zod';
import { ZId, ZText } from './common.js';
import { ZTimeZone } from './time-zones.js';

// Usage dashboard, /UsageDashboards (spec 002 §2, §3 "Serviced-equipment row", §7 Dashboard, §9; issue 22).
// Periods, time zone and what counts as serviced: docs/decisions.md, 'Usage dashboard (issue 22)'.

/** `onlyIncludeServiced=true|false` (also 1|0); anything else is refused naming the parameter. */
const queryFlag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v), z.boolean());

export const UsageOrderKeys = ['name', 'totalNumberOfEquipment', 'lastWeek', 'lastMonth', 'lastYear'] as const;
export type TUsageOrderKey = (typeof UsageOrderKeys)[number];

/**
 * Every dashboard call: the zone whose calendar makes this week (Monday first), month and year (default UTC; the
 * web app sends the browser's), a contains-filter on name or English name, and the sort (002 §9: name ascending).
 */
export const ZUsageQuery = z.object({
  timeZone: ZTimeZone.default('UTC'),
  search: ZText.trim().max(200).default(''),
  orderKey: z.enum(UsageOrderKeys).default('name'),
  orderDirection: ZText.transform((s) => s.toLowerCase()).pipe(z.enum(['asc', 'desc'])).default('asc'),
});
export type TUsageQuery = z.infer<typeof ZUsageQuery>;

/** GET api/v1/inspections/servicedEquipment: onlyIncludeServiced (default true) leaves out customers never serviced. */
export const ZServicedEquipmentQuery = ZUsageQuery.extend({ onlyIncludeServiced: queryFlag.default(true) });
export type TServicedEquipmentQuery = z.infer<typeof ZServicedEquipmentQuery>;

/** Distinct machines with a report inspection dated in this week, month and year (the spec's field names). */
export const ZServiceData = z.object({ lastWeek: z.number().int(), lastMonth: z.number().int(), lastYear: z.number().int() });
export type TServiceData = z.infer<typeof ZServiceData>;

/** 002 §3 "Serviced-equipment row"; a company row carries the company's name and no English name. */
export const ZServicedEquipmentRow = z.object({
  id: ZId,
  customerName: z.string().nullable(),
  customerEnglishName: z.string().nullable(),
  totalNumberOfEquipment: z.number().int(),
  serviceData: ZServiceData,
});
export type TServicedEquipmentRow = z.infer<typeof ZServicedEquipmentRow>;

const ZPeriod = z.object({ from: z.number(), to: z.number() });
/** GET api/v1/inspections/summary: the periods as instants (epoch ms, `to` exclusive) and the customer table's totals. */
export const ZUsageSummary = z.object({
  timeZone: z.string(),
  weekStartsOn: z.literal('Monday'),
  periods: z.object({ week: ZPeriod, month: ZPeriod, year: ZPeriod }),
  productCategory: z.string(),
  customers: z.number().int(),
  totalNumberOfEquipment: z.number().int(),
  serviceData: ZServiceData,
});
export type TUsageSummary = z.infer<typeof ZUsageSummary>;

/** The surface drills table's product category (002 §2 'Surface drills service dashboard'), matched ignoring case. */
export const USAGE_PRODUCT_CATEGORY = 'Surface drills';

/** 002 §9: count / total rounded to 2 decimals; total 0 shows '0 (0%)' or '{n} (100%)'. */
export function servicedText(count: number, total: number): string {
  if (total === 0) return count === 0 ? '0 (0%)' : `${count} (100%)`;
  return `${count} (${Math.round((count / total) * 10000) / 100}%)`;
}

/** 002 §9: 'name (englishName)' unless both are equal ignoring case (or there is no English name). */
export function usageDisplayName(name: string | null, englishName: string | null): string {
  if (name === null) return englishName ?? '';
  if (!englishName || englishName.toLowerCase() === name.toLowerCase()) return name;
  return `${name} (${englishName})`;
}
