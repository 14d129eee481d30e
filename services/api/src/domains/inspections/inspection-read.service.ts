import { inspectionCan, P, type TInspectionEdit, type TPreviousValues } from '@insp/contracts';
import { loadPreviousValues } from '@insp/db';
import { requirePermission, type ServiceContext } from '../../context.js';
import { loadInspectionEdit } from './inspection-edit.load.js';
import { factsOf, requireVisibleReport } from './inspections.scope.js';

/**
 * GET api/v1/inspections/{id}/editDetails: the inspection for the edit form, internal comments included, with `can`:
 * what the caller may do with it, from the rules the saves check (contracts inspection-rights.ts).
 */
export async function getInspectionEditDetails(ctx: ServiceContext, id: string): Promise<TInspectionEdit> {
  const c = requirePermission(ctx, P.reports);
  const row = await requireVisibleReport(c.db, c.actor, id);
  return { ...(await loadInspectionEdit(c.db, id, { internal: true })), can: inspectionCan(factsOf(row), c.actor) };
}

/** GET api/v1/inspections/{id}/web: the read-only protocol view (000 §2.9), which never shows internal comments. */
export async function getInspectionWeb(ctx: ServiceContext, id: string): Promise<TInspectionEdit> {
  const c = requirePermission(ctx, P.reports);
  const row = await requireVisibleReport(c.db, c.actor, id);
  return { ...(await loadInspectionEdit(c.db, id, { internal: false })), can: inspectionCan(factsOf(row), c.actor) };
}

/**
 * Issue 23: what each measured point of the inspection recorded last time on the same equipment (the report's
 * previous value, `loadPreviousValues`), for the edit form and its offline copy. The read rule of editDetails:
 * P.reports and the inspection visible to the caller (another company's answers 404).
 */
export async function getInspectionPreviousValues(ctx: ServiceContext, id: string): Promise<TPreviousValues> {
  const c = requirePermission(ctx, P.reports);
  await requireVisibleReport(c.db, c.actor, id);
  return { points: await loadPreviousValues(c.db, id) };
}
