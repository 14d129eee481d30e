import { editRefusal, INSPECTION_REFUSALS, type Actor } from '@insp/contracts';
import type { Db } from '@insp/db';
import { AppError } from '../../errors.js';
import { forbidden, notFound } from '../../errors.js';
import { factsOf, visibleReports } from './inspections.scope.js';

/**
 * The inspection a save writes to, locked for the transaction, or 404 (another company's answers like a missing
 * one). Who may save is contracts' `editRefusal` (inspection-rights.ts), the rule the web's buttons use too: its
 * inspector, creator or inspector contact, or Manager and above; a Finished inspection only an Admin.
 */
export async function requireEditableInspection(db: Db, actor: Actor, id: string) {
  const row = await visibleReports(db, actor)
    .where('i.id', '=', id)
    .select(['i.id', 'i.status', 'i.type', 'i.finished', 'i.finished_at', 'i.inspector_contact', 'i.inspector_user_id', 'i.created_by_user_id', 'i.contact_email', 'i.ended_at'])
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Inspection');
  const refusal = editRefusal(factsOf(row), actor);
  if (refusal === 'finished') throw new AppError('FORBIDDEN', INSPECTION_REFUSALS.finished, 'status');
  if (refusal) throw forbidden(INSPECTION_REFUSALS.notOwn);
  return row;
}
export type EditableInspection = Awaited<ReturnType<typeof requireEditableInspection>>;
