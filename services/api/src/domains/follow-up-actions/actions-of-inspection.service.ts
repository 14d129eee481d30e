import { openActionsOfInspection } from '@insp/db';
import { P, type TOpenAction } from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { requireVisibleReport } from '../inspections/inspections.scope.js';

/**
 * GET api/v1/inspections/{id}/actions: the open follow-up actions that earlier inspections of this inspection's machine
 * left, shown beside their points in the edit form (issue 24; docs/decisions.md "Open actions with the inspection").
 * decision: scoped by the inspection's own rule, not P.actions: whoever may read the inspection (P.reports; a
 * distributor its company's) sees its machine's open actions with it, as its report prints them; an inspector need
 * not be the assignee. Another company's inspection answers 404 like a missing one.
 */
export async function openActionsOfReport(ctx: ServiceContext, inspectionId: string): Promise<TOpenAction[]> {
  const c = requirePermission(ctx, P.reports);
  await requireVisibleReport(c.db, c.actor, inspectionId);
  return openActionsOfInspection(c.db, inspectionId, { defaultTimeZone: c.config.reportTimeZone, includeOwn: false });
}
