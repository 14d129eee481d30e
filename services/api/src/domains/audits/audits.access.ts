import { sql } from 'kysely';
import { auditSearchText, writeAuditTrail, type Db } from '@insp/db';
import type { Actor } from '@insp/contracts';
import { AppError } from '../../errors.js';
import { notFound } from '../../errors.js';

/**
 * The audit a call works on: live (a deleted audit answers 404 like a missing one) and, for every edit, open —
 * a finished audit is read-only until reopened (000 §4): 409 naming `finished`. Edits lock the audit row for
 * their transaction, so a finish and an edit never interleave.
 */
export async function requireAudit(db: Db, id: string, opts: { open?: boolean; forUpdate?: boolean } = {}) {
  let q = db
    .selectFrom('audits')
    .select(['id', 'name', 'customer_id', 'customer_site_id', 'finished', 'inspector', 'inspector_contact', 'inspection_date'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (opts.forUpdate || opts.open) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Audit');
  if (opts.open && row.finished) throw new AppError('CONFLICT', 'finished: the audit is finished; reopen it to change it', 'finished');
  return row;
}
export type AuditRow = Awaited<ReturnType<typeof requireAudit>>;

const RUN_COLUMNS = [
  'id', 'type', 'protocol_id', 'protocol_run_type', 'stage', 'included_in_report', 'run_index', 'equipment_id', 'serial_number', 'nick_name',
  'customer_site_id', 'product_family_id', 'product_model_id',
] as const;

/** A live run of the audit (an inspections row with this audit_id), or 404. */
export async function requireRun(db: Db, auditId: string, runId: string) {
  const run = await db.selectFrom('inspections').select([...RUN_COLUMNS]).where('id', '=', runId).where('audit_id', '=', auditId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!run) throw notFound('Run');
  return run;
}
export type RunRow = Awaited<ReturnType<typeof requireRun>>;

/** Every write ends here: who changed the audit last, its search text (docs/data-model.md), and one audit_trail row. */
export async function auditChanged(db: Db, actor: Actor, auditId: string, action: string, changes: Record<string, unknown>) {
  await sql`update audits a set updated_by_user_id = ${actor.userId}, search_text = ${auditSearchText} where a.id = ${auditId}`.execute(db);
  await writeAuditTrail(db, { entityType: 'audit', entityId: auditId, actorUserId: actor.userId, action, changes });
}
