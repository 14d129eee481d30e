import { P, type TAuditPreviousValues } from '@insp/contracts';
import { loadPreviousValues } from '@insp/db';
import { requirePermission, type ServiceContext } from '../../context.js';
import { requireAudit } from './audits.access.js';

/**
 * Issue 23: beside each measured point of the audit editor, what the run's machine measured last time. A run is an
 * inspection, so each run gets the report edit form's read (`loadPreviousValues`: the same equipment, live
 * inspections and audit runs dated before it; audit runs are staff inspections, so every company's count), never
 * another run of this audit. Runs without a machine (site runs) have none. The audit's read rule: P.audits (staff),
 * a missing or deleted audit 404. Three queries per run with a machine (an audit has a handful).
 */
export async function getAuditPreviousValues(ctx: ServiceContext, id: string): Promise<TAuditPreviousValues> {
  const c = requirePermission(ctx, P.audits);
  await requireAudit(c.db, id);
  const runs = await c.db
    .selectFrom('inspections')
    .select('id')
    .where('audit_id', '=', id)
    .where('deleted_at', 'is', null)
    .where('equipment_id', 'is not', null)
    .orderBy('run_index')
    .orderBy('id')
    .execute();
  const out: TAuditPreviousValues['runs'] = [];
  for (const r of runs) {
    const points = await loadPreviousValues(c.db, r.id);
    if (points.length) out.push({ runId: r.id, points });
  }
  return { runs: out };
}
