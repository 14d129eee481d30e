import { sql } from 'kysely';
import { writeAuditTrail } from '@insp/db';
import { P, type TInspectionEdit, type TResultsInput } from '@insp/contracts';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { requireEditableInspection } from './inspection-edit.access.js';
import { writeResults } from './inspection-edit.save.js';
import { missingRatings, missingRatingsError } from './required-ratings.js';

/**
 * PUT api/v1/inspections/{id}/results: saves some point results without finishing (autosave, offline queues),
 * with the same checks and rights as the full save, in one transaction. Answers which result each item became.
 */
export async function saveInspectionResults(ctx: ServiceContext, id: string, input: TResultsInput) {
  const c = requirePermission(ctx, P.reports);
  return inTransaction(c, async (tx) => {
    await requireEditableInspection(tx.db, c.actor, id);
    const target = await tx.db.selectFrom('inspections').select(['id', 'product_family_id', 'product_model_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const saved = await writeResults(tx.db, c.actor, target, input.results.map((r, i) => ({ ...r, path: `results.${i}` })));
    await tx.db.updateTable('inspections').set({ updated_by_user_id: c.actor.userId }).where('id', '=', id).execute();
    await writeAuditTrail(tx.db, {
      entityType: 'inspection', entityId: id, actorUserId: c.actor.userId, action: 'results',
      changes: { resultsCreated: saved.filter((s) => s.created).length, resultsUpdated: saved.filter((s) => s.id && !s.created).length },
    });
    const overwritten = saved.flatMap((s) => (s.overwritten ? [s.overwritten] : []));
    return { results: saved.map(({ created: _, overwritten: _o, ...s }) => s), ...(overwritten.length ? { overwritten } : {}) };
  });
}

/**
 * PUT api/v1/inspections/{id}/finish: the field client is done (finished = true, 000 §4; ended set to now when
 * empty). The status stays: review moves it with updateStatus. Finishing twice changes nothing. Refused (409) while a
 * point's required rating is missing (issue 20).
 */
export async function finishInspection(ctx: ServiceContext, id: string) {
  const c = requirePermission(ctx, P.reports);
  return inTransaction(c, async (tx) => {
    const row = await requireEditableInspection(tx.db, c.actor, id);
    if (!row.finished) {
      // issue 20: finished only with every required rating given
      const missing = await missingRatings(tx.db, id);
      if (missing.length) throw missingRatingsError(missing, 'finished', 'CONFLICT');
      await tx.db
        .updateTable('inspections')
        .set({ finished: true, finished_at: sql`coalesce(finished_at, now())`, ended_at: sql`coalesce(ended_at, now())`, updated_by_user_id: c.actor.userId })
        .where('id', '=', id)
        .execute();
      await writeAuditTrail(tx.db, { entityType: 'inspection', entityId: id, actorUserId: c.actor.userId, action: 'finish', changes: { finished: [false, true] } });
    }
    const after = await tx.db.selectFrom('inspections').select(['id', 'status', 'finished', 'ended_at']).where('id', '=', id).executeTakeFirstOrThrow();
    return { id, status: after.status as TInspectionEdit['status'], finished: after.finished, ended: after.ended_at ? new Date(after.ended_at).getTime() : null };
  });
}
