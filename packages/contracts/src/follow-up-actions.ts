import { z } from 'zod';
import { ZId, ZListQuery, zText } from './common.js';
import { ZDateOnly } from './plans.js';

/**
 * Issue 24, follow-up actions (docs/decisions.md "Follow-up actions (issue 24)"): what a finished inspection found
 * wrong, proposed from its results, decided by a manager, and tracked to closure.
 */
export const ActionStates = ['proposed', 'open', 'closed', 'dismissed'] as const;
export type ActionState = (typeof ActionStates)[number];
/** Why a result proposes an action: its rating, or a measured value past its recorded limits. */
export const ActionReasons = ['ImmediateAction', 'Repair', 'OutOfLimits'] as const;

export const ZAction = z.object({
  id: ZId,
  state: z.enum(ActionStates),
  reason: z.enum(ActionReasons),
  equipmentId: ZId,
  serialNumber: z.string().nullable(),
  nickName: z.string().nullable(),
  customerId: ZId.nullable(),
  customerName: z.string().nullable(),
  customerSiteName: z.string().nullable(),
  inspectionId: ZId,
  inspectionName: z.string(),
  /** Epoch ms of the inspection that proposed it. */
  inspectionDate: z.number(),
  resultId: ZId.nullable(),
  inspectionPointId: ZId.nullable(),
  pointName: z.string(),
  value: z.string().nullable(),
  text: z.string(),
  assigneeUserId: ZId.nullable(),
  assigneeName: z.string().nullable(),
  /** YYYY-MM-DD. */
  dueOn: z.string().nullable(),
  /** Open and past its due date today in the customer's time zone. */
  overdue: z.boolean(),
  decidedByName: z.string().nullable(),
  decidedAt: z.number().nullable(),
  dismissReason: z.string().nullable(),
  closedByName: z.string().nullable(),
  closedAt: z.number().nullable(),
  closeComment: z.string().nullable(),
  fixedByInspectionId: ZId.nullable(),
  createdAt: z.number(),
});
export type TAction = z.infer<typeof ZAction>;

const csv = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).min(1));

/** GET api/v1/actions: by state (default open and proposed), customer, equipment, inspection, point, assignee (`me`). */
export const ZActionListQuery = ZListQuery.extend({
  states: csv(z.enum(ActionStates)).optional(),
  overdue: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  customerId: ZId.optional(),
  equipmentId: ZId.optional(),
  inspectionId: ZId.optional(),
  inspectionPointId: ZId.optional(),
  assigneeUserId: z.union([ZId, z.literal('me')]).optional(),
});
export type TActionListQuery = z.infer<typeof ZActionListQuery>;

const ZActionText = zText().trim().max(2000);

/** POST api/v1/actions/{id}/accept: a proposal becomes an open action, optionally assigned with a due date. */
export const ZActionAccept = z.strictObject({
  assigneeUserId: ZId.nullable().optional(),
  dueOn: ZDateOnly.nullable().optional(),
  text: ZActionText.optional(),
});
/** POST api/v1/actions/{id}/dismiss: the proposal is not followed up, with the reason why; it is never proposed again. */
export const ZActionDismiss = z.strictObject({ reason: ZActionText.min(1, 'is required') });
/** PUT api/v1/actions/{id}/assignment: who does an open action, by when. */
export const ZActionAssign = z.strictObject({ assigneeUserId: ZId.nullable(), dueOn: ZDateOnly.nullable().optional() });
/** POST api/v1/actions/{id}/close: done, with a comment and optionally the inspection that shows the fix. */
export const ZActionClose = z.strictObject({ comment: ZActionText.min(1, 'is required'), fixedByInspectionId: ZId.optional() });
/**
 * GET api/v1/actions/{id}/fixCandidates: the inspections a close may name as showing the fix — live finished reports
 * of the action's machine dated on or after the one that found it (not that one), newest first, at most 20.
 */
export const ZActionFixCandidate = z.object({
  id: ZId,
  name: z.string(),
  type: z.string(),
  /** Epoch ms. */
  inspectionDate: z.number(),
});
export type TActionFixCandidate = z.infer<typeof ZActionFixCandidate>;
/** How many candidates the close dialog lists (newest first). */
export const ACTION_FIX_CANDIDATES_SHOWN = 20;
export type TActionAccept = z.infer<typeof ZActionAccept>;
export type TActionDismiss = z.infer<typeof ZActionDismiss>;
export type TActionAssign = z.infer<typeof ZActionAssign>;
export type TActionClose = z.infer<typeof ZActionClose>;

/**
 * An open action of an inspection's machine, shown with the inspection (docs/decisions.md "Open actions with the
 * inspection"): beside its point in the edit form (GET api/v1/inspections/{id}/actions) and in the printed report.
 */
export const ZOpenAction = z.object({
  id: ZId,
  reason: z.enum(ActionReasons),
  inspectionPointId: ZId.nullable(),
  pointName: z.string(),
  value: z.string().nullable(),
  /** What to do (the manager's words; may be empty: then the reason says why). */
  text: z.string(),
  assigneeName: z.string().nullable(),
  /** YYYY-MM-DD. */
  dueOn: z.string().nullable(),
  /** Past its due date today in the customer's time zone. */
  overdue: z.boolean(),
  /** The inspection that found it. */
  inspectionId: ZId,
  inspectionName: z.string(),
  /** Epoch ms of the inspection that found it. */
  inspectionDate: z.number(),
});
export type TOpenAction = z.infer<typeof ZOpenAction>;
