import { recordWebhookEvent, writeAuditTrail } from '@insp/db';
import { canChangeStatus, canDeleteInspection, canRate, P, type InspectionStatus, type TInspectionRatingInput, type TInspectionStatusInput } from '@insp/contracts';
import { AppError, inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { forbidden } from '../../errors.js';
import { factsOf, requireVisibleReport } from './inspections.scope.js';
import { missingRatings, missingRatingsError } from './required-ratings.js';

/**
 * PUT api/v1/inspections/{id}/updateStatus (000 §4): In_Use → Waiting for an admin or the inspector contact
 * (compared by e-mail, case-insensitively); Finished only for an Admin (P.reportsFinish). Any other change
 * (reopening a Waiting or Finished inspection) is the Admin's too; the spec does not show it.
 */
export async function updateInspectionStatus(ctx: ServiceContext, id: string, input: TInspectionStatusInput) {
  const c = requirePermission(ctx, P.reports);
  return inTransaction(c, async (tx) => {
    const row = await requireVisibleReport(tx.db, c.actor, id, { forUpdate: true });
    const to = input.status;
    if (row.status === to) return { id, status: to };
    // contracts' canChangeStatus (inspection-rights.ts): the rule the web's status and reopen buttons use.
    if (!canChangeStatus(factsOf(row), to, c.actor)) throw forbidden();
    // issue 20: an inspection is finished only with every required rating given
    if (to === 'Finished') {
      const missing = await missingRatings(tx.db, id);
      if (missing.length) throw missingRatingsError(missing, 'status', 'CONFLICT');
    }
    await tx.db
      .updateTable('inspections')
      // `finished` says the inspector saved the data as complete (000 §4, set by the save); a status change only
      // ever adds to it: marking Finished sets it, moving to Waiting or reopening leaves it as it is.
      .set(to === 'Finished' ? { status: to, finished: true, finished_at: new Date(), updated_by_user_id: c.actor.userId } : { status: to, updated_by_user_id: c.actor.userId })
      .where('id', '=', id)
      .execute();
    await writeAuditTrail(tx.db, { entityType: 'inspection', entityId: id, actorUserId: c.actor.userId, action: 'status', changes: { status: [row.status, to] } });
    // issue 22: webhooks, in this transaction (nothing lost, nothing sent for a rolled-back change)
    await recordWebhookEvent(tx.db, 'inspection.status_changed', { inspectionId: id, from: row.status, to });
    if (to === 'Finished') await recordWebhookEvent(tx.db, 'inspection.finished', { inspectionId: id });
    return { id, status: to as InspectionStatus };
  });
}

/** PUT api/v1/inspections/{id}/rating: Ok or Nok, by an Admin or a Rater, on a finished inspection (000 §2.3, §6). */
export async function rateInspection(ctx: ServiceContext, id: string, input: TInspectionRatingInput) {
  const c = requirePermission(ctx, P.reportsRate);
  return inTransaction(c, async (tx) => {
    const row = await requireVisibleReport(tx.db, c.actor, id, { forUpdate: true });
    // The list offers no Ok/Nok while In_Use or Waiting (000 §2.3); the server holds the same rule.
    // Allowed to rate (above), so only the status can make contracts' canRate refuse: a conflict, not a 403.
    if (!canRate(factsOf(row), c.actor)) throw new AppError('CONFLICT', 'status: only a finished inspection can be rated', 'status');
    const before = await tx.db.selectFrom('inspections').select('rating').where('id', '=', id).executeTakeFirstOrThrow();
    await tx.db.updateTable('inspections').set({ rating: input.rating, updated_by_user_id: c.actor.userId }).where('id', '=', id).execute();
    await writeAuditTrail(tx.db, { entityType: 'inspection', entityId: id, actorUserId: c.actor.userId, action: 'rating', changes: { rating: [before.rating, input.rating] } });
    await recordWebhookEvent(tx.db, 'inspection.rated', { inspectionId: id, rating: input.rating, previousRating: before.rating });
    return { id, rating: input.rating };
  });
}

/**
 * DELETE api/v1/inspections/{id}?force=true: Manager and above (distributor admins within their company); besides,
 * the starter of an In_Use inspection without any result discards it (contracts' canDeleteInspection). Always soft (deleted_at): the report leaves every list and count but its history stays. `force` is
 * accepted for the existing clients and changes nothing.
 */
export async function deleteInspection(ctx: ServiceContext, id: string) {
  const c = requirePermission(ctx, P.reports);
  return inTransaction(c, async (tx) => {
    const row = await requireVisibleReport(tx.db, c.actor, id, { forUpdate: true });
    if (!canDeleteInspection(factsOf(row), c.actor)) throw forbidden();
    await tx.db.updateTable('inspections').set({ deleted_at: new Date(), updated_by_user_id: c.actor.userId }).where('id', '=', id).execute();
    await writeAuditTrail(tx.db, { entityType: 'inspection', entityId: id, actorUserId: c.actor.userId, action: 'delete', changes: { name: row.name } });
    return { id };
  });
}
