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
    const position = await nextPosition(tx.db, auditId, input.type);
    const row = await tx.db.insertInto('audit_suggestions').values({ audit_id: auditId, type: input.type, text: input.text, position }).returning('id').executeTakeFirstOrThrow();
    await auditChanged(tx.db, c.actor, auditId, 'suggestion.add', { suggestionId: row.id, type: input.type });
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
    await tx.db.deleteFrom('audit_suggestions').where('id', '=', suggestionId).execute();
    await auditChanged(tx.db, c.actor, auditId, 'suggestion.delete', { suggestionId, type: s.type, text: s.text });
    return { id: suggestionId };
  });
}

async function suggestionOf(db: Db, auditId: string, id: string) {
  const s = await db.selectFrom('audit_suggestions').select(['id', 'type', 'text']).where('id', '=', id).where('audit_id', '=', auditId).executeTakeFirst();
  if (!s) throw notFound('Suggestion');
  return s;
}

async function nextPosition(db: Db, auditId: string, type: string) {
  const r = await db.selectFrom('audit_suggestions').select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('n')).where('audit_id', '=', auditId).where('type', '=', type).executeTakeFirstOrThrow();
  return r.n;
}
