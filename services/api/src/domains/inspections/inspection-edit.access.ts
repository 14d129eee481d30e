import { isAllowed, Level, P, type Actor } from '@insp/contracts';
import type { Db } from '@insp/db';
import { AppError } from '../../errors.js';
import { forbidden, notFound } from '../../errors.js';
import { visibleReports } from './inspections.scope.js';

// decision (issue 7): Managers and above edit any inspection they can see (distributor admins: their company's).
const MANAGE = { internal: Level.Manager, external: Level.Manager };

/**
 * The inspection a save writes to, locked for the transaction, or 404 (another company's answers like a missing
 * one). Who may save (docs/decisions.md, "Inspection editing"): its inspector, creator or inspector contact
 * (e-mail, case-insensitive), or Manager and above; a Finished inspection only an Admin.
 */
export async function requireEditableInspection(db: Db, actor: Actor, id: string) {
  const row = await visibleReports(db, actor)
    .where('i.id', '=', id)
    .select(['i.id', 'i.status', 'i.type', 'i.finished', 'i.finished_at', 'i.inspector_contact', 'i.inspector_user_id', 'i.created_by_user_id', 'i.contact_email', 'i.ended_at'])
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Inspection');
  const isAdmin = isAllowed(P.reportsFinish, actor);
  if (row.status === 'Finished' && !isAdmin) throw new AppError('FORBIDDEN', 'status: a finished inspection can only be changed by an Admin', 'status');
  const own =
    row.inspector_user_id === actor.userId ||
    row.created_by_user_id === actor.userId ||
    (!!row.inspector_contact && row.inspector_contact.trim().toLowerCase() === actor.email.toLowerCase());
  if (!own && !isAllowed(MANAGE, actor)) throw forbidden('Only the inspector, the inspector contact or a manager may change this inspection.');
  return row;
}
export type EditableInspection = Awaited<ReturnType<typeof requireEditableInspection>>;
