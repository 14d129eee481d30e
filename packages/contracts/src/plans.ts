import { z } from 'zod';
import { ZId, ZListQuery } from './common.js';
import { PlanStates, PlanTypes } from './plan-types.js';

/**
 * Issue 24, due and overdue inspections (docs/decisions.md "Inspection plans and due dates (issue 24)"): a plan ties
 * one equipment to an inspection type whose interval is fixed by the type.
 */
// the constants without zod, for the web app's first load (docs/decisions.md "Cutting the signed-in first load")
export * from './plan-types.js';

export const DATE_MESSAGE = 'must be a date as YYYY-MM-DD';
export const DATE_RANGE_MESSAGE = 'must be a date from 0001-01-01 to 9999-12-31';

/** Whether `day` (YYYY-MM-DD) is a day of the calendar: 2026-02-30 is not (a Date rolls it over to 2 March). */
export function isCalendarDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(day);
}

/**
 * A day as YYYY-MM-DD: a real one (not 2026-02-30), of years 0001 to 9999. PostgreSQL has no year 0 (0000-01-01 was a
 * 500 where it reached a date column) and four digits leave out year 10000 (docs/decisions.md, "Extreme input values").
 */
export const ZDateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: DATE_MESSAGE, abort: true })
  .refine(isCalendarDay, { error: DATE_MESSAGE, abort: true })
  .refine((s) => !s.startsWith('0000-'), DATE_RANGE_MESSAGE)
  .meta({ format: 'date' }); // the OpenAPI document says what the string is

const planFields = {
  inspectionType: z.enum(PlanTypes),
  protocolId: ZId.nullable().optional(),
  graceDays: z.number().int().min(0).max(365).default(0),
  inspectorUserId: ZId.nullable().optional(),
  remindCustomer: z.boolean().default(false),
  /** The first due date of a machine never inspected with this type; default: today in the customer's zone. */
  startsOn: ZDateOnly.optional(),
};

/** POST api/v1/plans: one equipment. */
export const ZPlanInput = z.strictObject({ equipmentId: ZId, ...planFields });
export type TPlanInput = z.input<typeof ZPlanInput>;

/** PUT api/v1/plans/{id}: what may change (the machine and type stay; another type is another plan). */
export const ZPlanUpdate = z.strictObject({
  protocolId: ZId.nullable().optional(),
  graceDays: z.number().int().min(0).max(365).optional(),
  inspectorUserId: ZId.nullable().optional(),
  remindCustomer: z.boolean().optional(),
  startsOn: ZDateOnly.optional(),
});
export type TPlanUpdate = z.infer<typeof ZPlanUpdate>;

/**
 * POST api/v1/plans/bulk: a plan for every live equipment at a customer site, optionally of one product family or
 * model. Machines that already have a live plan of the type keep it (counted as skipped).
 */
export const ZPlanBulkInput = z.strictObject({
  customerSiteId: ZId,
  productFamilyId: ZId.optional(),
  productModelId: ZId.optional(),
  ...planFields,
});
export type TPlanBulkInput = z.input<typeof ZPlanBulkInput>;
export const ZPlanBulkResult = z.object({ created: z.number().int(), skipped: z.number().int(), ids: z.array(ZId) });

export const ZPlan = z.object({
  id: ZId,
  equipmentId: ZId,
  serialNumber: z.string().nullable(),
  nickName: z.string().nullable(),
  productFamilyName: z.string().nullable(),
  productModelName: z.string().nullable(),
  customerId: ZId.nullable(),
  customerName: z.string().nullable(),
  customerSiteId: ZId.nullable(),
  customerSiteName: z.string().nullable(),
  inspectionType: z.enum(PlanTypes),
  protocolId: ZId.nullable(),
  protocolName: z.string().nullable(),
  graceDays: z.number().int(),
  inspectorUserId: ZId.nullable(),
  inspectorName: z.string().nullable(),
  remindCustomer: z.boolean(),
  startsOn: z.string(),
  lastDoneInspectionId: ZId.nullable(),
  /** Epoch ms of the last finished inspection's date. */
  lastDoneAt: z.number().nullable(),
  inProgressInspectionId: ZId.nullable(),
  /** YYYY-MM-DD in the customer's time zone. */
  dueOn: z.string(),
  /** Days past the due date today (negative: days left). */
  daysPastDue: z.number().int(),
  state: z.enum(PlanStates),
  timeZone: z.string(),
});
export type TPlan = z.infer<typeof ZPlan>;

/**
 * GET api/v1/plans/due: plans by due date. `within` days from today (default 30) bounds what is listed unless
 * `states` asks for upcoming plans too; overdue and in-progress plans are always within.
 */
export const ZDueQuery = ZListQuery.extend({
  customerId: ZId.optional(),
  customerSiteId: ZId.optional(),
  equipmentId: ZId.optional(),
  /** `me`: the caller's own plans. */
  inspectorUserId: z.union([ZId, z.literal('me')]).optional(),
  within: z.coerce.number().int().min(0).max(3660).default(30),
  states: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.enum(PlanStates)).min(1))
    .optional(),
});
export type TDueQuery = z.infer<typeof ZDueQuery>;

/** The people a plan may be assigned to (the plan dialogs' inspector pick): live staff accounts, by name. */
export const ZPlanInspectorsQuery = z.object({ search: z.string().trim().max(200).default('') });
export const ZPlanInspector = z.object({ id: ZId, name: z.string(), email: z.string() });
export type TPlanInspector = z.infer<typeof ZPlanInspector>;
export const PLAN_INSPECTORS_LIMIT = 50;
/**
 * The due list's Excel export (issue 24): POST api/v1/plans/due/export (tRPC `plans.exportDue`) with the list's
 * filters starts it; the worker builds it with progress; GET .../export/{id} answers this status, and
 * GET .../export/{id}/file the workbook once `ready`. Only the caller who asked sees an export.
 */
export const DueExportStatuses = ['pending', 'running', 'ready', 'failed'] as const;
export const ZDueExport = z.object({
  id: ZId,
  status: z.enum(DueExportStatuses),
  rowsDone: z.number().int(),
  /** Known once the worker started; null while pending. */
  rowsTotal: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The download's file name, e.g. due-2026-11-26.xlsx. */
  fileName: z.string(),
});
export type TDueExport = z.infer<typeof ZDueExport>;
