import type { Db } from '@insp/db';
import type { Actor, InspectionFacts } from '@insp/contracts';
import { notFound } from '../../errors.js';

/**
 * Which inspections (reports, audit_id null) an actor may see. Staff see every live report; a distributor
 * only those of its own company (`company_id`, set from the creating distributor). The condition is part of
 * the query, never a filter afterwards, and another company's inspection answers 404 like a missing one.
 */
export function visibleReports(db: Db, actor: Actor) {
  let q = db.selectFrom('inspections as i').where('i.deleted_at', 'is', null).where('i.audit_id', 'is', null);
  if (actor.kind === 'distributor') q = actor.companyId ? q.where('i.company_id', '=', actor.companyId) : q.where(({ lit }) => lit(false));
  return q;
}

/** The id of a live report the actor may see, or 404. Lock with `forUpdate` inside a write transaction. */
export async function requireVisibleReport(db: Db, actor: Actor, id: string, opts: { forUpdate?: boolean } = {}) {
  let q = visibleReports(db, actor)
    .where('i.id', '=', id)
    .select(['i.id', 'i.status', 'i.inspector_contact', 'i.inspector_user_id', 'i.created_by_user_id', 'i.name', 'i.updated_at'])
    .select(({ exists, selectFrom }) => exists(selectFrom('inspection_point_results as r').select('r.id').whereRef('r.inspection_id', '=', 'i.id')).as('has_results'));
  if (opts.forUpdate) q = q.forUpdate(['i']);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Inspection');
  return row;
}

type ReportRow = { status: string; inspector_contact: string | null; inspector_user_id: string | null; created_by_user_id: string | null; has_results?: unknown };

/** What the shared rules (contracts inspection-rights.ts) need to know of an inspection row. */
export const factsOf = (row: ReportRow): InspectionFacts => ({
  status: row.status,
  inspectorContact: row.inspector_contact,
  inspectorUserId: row.inspector_user_id,
  createdByUserId: row.created_by_user_id,
  ...(row.has_results === undefined ? {} : { hasResults: !!row.has_results }),
});
