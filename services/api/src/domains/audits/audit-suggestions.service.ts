import { sql } from 'kysely';
import { P, type TSuggestion, type TSuggestionEdit, type TSuggestionInput } from '@insp/contracts';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import type { Db } from '@insp/db';
import { auditChanged, requireAudit } from './audits.access.js';

/** At most this many suggestions per audit: three lists a person reads through (docs/decisions.md). */
export const MAX_SUGGESTIONS = 300;

/** POST api/v1/audits/{id}/suggestions: adds an entry at the end of its list (000 §2.6 action-point summary). */
export async function addSuggestion(ctx: ServiceContext, auditId: string, input: TSuggestionInput): Promise<TSuggestion> {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    const n = await tx.db.selectFrom('audit_suggestions').select(sql<number>`count(*)::int`.as('n')).where('audit_id', '=', auditId).executeTakeFirstOrThrow();
    if (n.n >= MAX_SUGGESTIONS) throw new AppError('BAD_REQUEST', `type: at most ${MAX_SUGGESTIONS} suggestions per audit`, 'type');
    if (input.sourceResultId) await undecidedResult(tx.db, auditId, input.sourceResultId);
    const position = await nextPosition(tx.db, auditId, input.type);
    const row = await tx.db.insertInto('audit_suggestions')
      .values({ audit_id: auditId, type: input.type, text: input.text, position, source_result_id: input.sourceResultId ?? null })
      .returning('id').executeTakeFirstOrThrow();
    await auditChanged(tx.db, c.actor, auditId, 'suggestion.add', { suggestionId: row.id, type: input.type, sourceResultId: input.sourceResultId ?? null });
    return { id: row.id, type: input.type, text: input.text };
  });
}

/** PUT api/v1/audits/{id}/suggestions/{suggestionId}: the text, and the list when a type is sent (moved to its end). */
export async function editSuggestion(ctx: ServiceContext, auditId: string, suggestionId: string, input: TSuggestionEdit): Promise<TSuggestion> {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    const s = await suggestionOf(tx.db, auditId, suggestionId);
    const type = input.type ?? (s.type as TSuggestion['type']);
    const moved = type !== s.type;
    await tx.db.updateTable('audit_suggestions')
      .set({ text: input.text, type, ...(moved ? { position: await nextPosition(tx.db, auditId, type) } : {}) })
      .where('id', '=', suggestionId).execute();
    await auditChanged(tx.db, c.actor, auditId, 'suggestion.edit', { suggestionId, ...(moved ? { type: [s.type, type] } : {}) });
    return { id: suggestionId, type, text: input.text };
  });
}

/** DELETE api/v1/audits/{id}/suggestions/{suggestionId}. */
export async function deleteSuggestion(ctx: ServiceContext, auditId: string, suggestionId: string) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    const s = await suggestionOf(tx.db, auditId, suggestionId);
    // An accepted proposal is kept as dismissed, so deleting it does not bring the proposal back.
    if (s.source_result_id) await tx.db.updateTable('audit_suggestions').set({ dismissed: true }).where('id', '=', suggestionId).execute();
    else await tx.db.deleteFrom('audit_suggestions').where('id', '=', suggestionId).execute();
    await auditChanged(tx.db, c.actor, auditId, 'suggestion.delete', { suggestionId, type: s.type, text: s.text });
    return { id: suggestionId };
  });
}

/**
 * POST api/v1/audits/{id}/suggestions/proposals/{resultId}/dismiss: the auditor dismisses a proposed action point;
 * it does not come back (a dismissed row, shown nowhere). Dismissing twice is 200; a proposal already accepted, 409.
 */
export async function dismissProposal(ctx: ServiceContext, auditId: string, resultId: string) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    const decided = await tx.db.selectFrom('audit_suggestions').select(['id', 'dismissed']).where('audit_id', '=', auditId).where('source_result_id', '=', resultId).executeTakeFirst();
    if (decided && !decided.dismissed) throw new AppError('CONFLICT', 'resultId: the proposal was accepted as a suggestion; delete the suggestion instead', 'resultId');
    if (!decided) {
      await resultOfAudit(tx.db, auditId, resultId, 'resultId');
      await tx.db.insertInto('audit_suggestions').values({ audit_id: auditId, type: 'ShortTerm', text: '', source_result_id: resultId, dismissed: true }).execute();
      await auditChanged(tx.db, c.actor, auditId, 'proposal.dismiss', { resultId });
    }
    return { resultId, dismissed: true };
  });
}

/** A result of a live run of this audit whose proposal nobody decided yet (400 / 409 naming the field). */
async function undecidedResult(db: Db, auditId: string, resultId: string) {
  await resultOfAudit(db, auditId, resultId, 'sourceResultId');
  const decided = await db.selectFrom('audit_suggestions').select('id').where('audit_id', '=', auditId).where('source_result_id', '=', resultId).executeTakeFirst();
  if (decided) throw new AppError('CONFLICT', 'sourceResultId: this proposal was already accepted or dismissed', 'sourceResultId');
}

async function resultOfAudit(db: Db, auditId: string, resultId: string, field: string) {
  const r = await db.selectFrom('inspection_point_results as r').innerJoin('inspections as i', 'i.id', 'r.inspection_id').select('r.id')
    .where('r.id', '=', resultId).where('i.audit_id', '=', auditId).where('i.deleted_at', 'is', null).executeTakeFirst();
  if (!r) throw new AppError('BAD_REQUEST', `${field}: is not a point result of this audit`, field);
}

async function suggestionOf(db: Db, auditId: string, id: string) {
  const s = await db.selectFrom('audit_suggestions').select(['id', 'type', 'text', 'source_result_id']).where('id', '=', id).where('audit_id', '=', auditId).where('dismissed', '=', false).executeTakeFirst();
  if (!s) throw notFound('Suggestion');
  return s;
}

async function nextPosition(db: Db, auditId: string, type: string) {
  const r = await db.selectFrom('audit_suggestions').select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('n')).where('audit_id', '=', auditId).where('type', '=', type).executeTakeFirstOrThrow();
  return r.n;
}
