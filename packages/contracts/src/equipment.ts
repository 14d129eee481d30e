import { z } from 'zod';
import { ZId, ZListQuery, ZText } from './common.js';
import { PlanStates } from './plans.js';

// Equipment (spec 002 §3 Equipment, §7 Equipment calls, §9 default sort serial descending).

/** An equipment row; `serial` is the list name of `serialNumber` (002 §3), both are given. */
export const ZEquipment = z.object({
  id: ZId,
  serialNumber: z.string().nullable(),
  serial: z.string().nullable(),
  nickName: z.string().nullable(),
  mdmEquipmentId: z.string().nullable(),
  productFamilyId: ZId.nullable(),
  productFamilyName: z.string().nullable(),
  productModelId: ZId.nullable(),
  productModelName: z.string().nullable(),
  customerId: ZId.nullable(),
  customerName: z.string().nullable(),
  customerSiteId: ZId.nullable(),
  customerSiteName: z.string().nullable(),
  /**
   * Issue 24, in the list only: the earliest due date of the machine's live plans (YYYY-MM-DD, the customer's day),
   * days past it today (negative: days left) and the most pressing state of its plans; null without a plan.
   */
  nextDueOn: z.string().nullable().optional(),
  nextDueDaysPastDue: z.number().int().nullable().optional(),
  nextDueState: z.enum(PlanStates).nullable().optional(),
});
export type TEquipment = z.infer<typeof ZEquipment>;

/** One equipment with the number of inspections conducted on it (the delete modal says it, 002 §2). */
export const ZEquipmentDetail = ZEquipment.extend({ inspectionCount: z.number().int() });
export type TEquipmentDetail = z.infer<typeof ZEquipmentDetail>;

/** Blank text means "none": forms send '' for an emptied field. */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    ZText.trim().max(max).nullable().optional(),
  );
const optionalId = z.preprocess((v) => (v === '' ? null : v), ZId.nullable().optional());

/**
 * Create and update input. A machine is found by its serial number or, without one, by nickname and
 * site (000 §4), so one of the two is required (the database has the same check constraint).
 */
export const ZEquipmentInput = z
  .object({
    serialNumber: optionalText(100),
    nickName: optionalText(200),
    mdmEquipmentId: optionalText(100),
    customerId: optionalId,
    customerSiteId: optionalId,
    productFamilyId: optionalId,
    productModelId: optionalId,
  })
  .refine((e) => !!e.serialNumber || !!e.nickName, {
    path: ['serialNumber'],
    message: 'a serial number or a nickname is required',
  });
export type TEquipmentInput = z.input<typeof ZEquipmentInput>;

export const EQUIPMENT_SORT_KEYS = ['serial', 'serialNumber', 'nickName', 'mdmEquipmentId', 'productFamilyName', 'productModelName', 'customerName', 'nextDueOn'] as const;

/** The Equipment list's due filter (issue 24): a plan overdue, due now (or overdue), any plan, or none. */
export const EquipmentDueFilters = ['overdue', 'due', 'planned', 'unplanned'] as const;

export const ZEquipmentListQuery = ZListQuery.extend({
  productFamilyId: ZId.optional(),
  productModelId: ZId.optional(),
  customerId: ZId.optional(),
  due: z.enum(EquipmentDueFilters).optional(),
});
export type TEquipmentListQuery = z.infer<typeof ZEquipmentListQuery>;

/** GET api/v1/Equipments/byproductmodels?productModelIds=a,b (comma separated; an array also accepted). */
export const ZByProductModelsQuery = z.object({
  productModelIds: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(ZId).min(1, 'give at least one product model id').max(200),
  ),
});
