import { sql } from 'kysely';
import { recordWebhookEvent } from '@insp/db';
import { P, type AuditTextField, type TAudit, type TAuditDetailsInput, type TAuditInspectorInput, type TAuditTextSaved } from '@insp/contracts';
import { badField } from '../inspections/inspection-edit.save.js';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { auditChanged, requireAudit } from './audits.access.js';
import { loadAudit } from './audit-load.js';
import { nextTextVersion, overwrittenText, storedTextVersions } from '../../lib/text-versions.js';

const COLUMN: Record<AuditTextField, 'comment' | 'internal_comment' | 'summary'> = { comment: 'comment', internalComment: 'internal_comment', summary: 'summary' };

/** GET api/v1/audits/{id}: the editor's data, for staff at User level (000 §6: audits are hidden from distributors). */
export async function getAudit(ctx: ServiceContext, id: string): Promise<TAudit> {
  const c = requirePermission(ctx, P.audits);
  return loadAudit(c.db, id);
}

/**
 * PUT api/v1/audits/{id}/finished: true finishes (read-only until reopened), false reopens (000 §4). Everyone who
 * sees the list may do both (§2.5). The same value again changes nothing and answers 200.
 */
export async function setAuditFinished(ctx: ServiceContext, id: string, finished: boolean) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    const a = await requireAudit(tx.db, id, { forUpdate: true });
    if (a.finished !== finished) {
      await tx.db.updateTable('audits').set({ finished, finished_at: finished ? sql`now()` : null }).where('id', '=', id).execute();
      await auditChanged(tx.db, c.actor, id, finished ? 'finish' : 'reopen', { finished: [a.finished, finished] });
      await recordWebhookEvent(tx.db, finished ? 'audit.finished' : 'audit.reopened', { auditId: id });
    }
    return { id, finished };
  });
}

/** DELETE api/v1/audits/{id}: Manager and above (000 §6), always soft; finished audits too (the list offers it). */
export async function deleteAudit(ctx: ServiceContext, id: string) {
  const c = requirePermission(ctx, P.auditsDelete);
  return inTransaction(c, async (tx) => {
    const a = await requireAudit(tx.db, id, { forUpdate: true });
    await tx.db.updateTable('audits').set({ deleted_at: new Date() }).where('id', '=', id).execute();
    await auditChanged(tx.db, c.actor, id, 'delete', { name: a.name });
    return { id };
  });
}

/** PUT api/v1/audits/{id}/{field}: autosave of comment, internalComment or summary (000 §2.6, 1 s after typing stops). */
export async function setAuditText(ctx: ServiceContext, id: string, field: AuditTextField, text: string, baseVersion?: number): Promise<TAuditTextSaved> {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, id, { open: true }); // locks the audit row: versions of one text never interleave
    const row = await tx.db.selectFrom('audits').select('text_versions').where('id', '=', id).executeTakeFirstOrThrow();
    const before = storedTextVersions(row.text_versions)[field];
    // Issue 23: the later save wins; a newer text of someone else than the one the edit started from is reported.
    const overwritten = overwrittenText(field, before, baseVersion, c.actor.userId);
    const user = await tx.db.selectFrom('users').select('name').where('id', '=', c.actor.userId).executeTakeFirst();
    const stamp = nextTextVersion(before, c.actor.userId, user?.name ?? null);
    await tx.db
      .updateTable('audits')
      .set({ [COLUMN[field]]: text, text_versions: sql`text_versions || ${JSON.stringify({ [field]: stamp })}::jsonb` })
      .where('id', '=', id)
      .execute();
    // The trail records which text changed and its length, not the text (comments can be long; history is not a copy).
    await auditChanged(tx.db, c.actor, id, 'text', { field, length: text.length });
    return { id, field, text, version: stamp.version, updatedAt: stamp.at, updatedBy: stamp.byName, ...(overwritten ? { overwritten: [overwritten] } : {}) };
  });
}

/** PUT api/v1/audits/{id}/inspector: the change-inspector modal (name and e-mail, 000 §2.6); the runs follow. */
export async function setAuditInspector(ctx: ServiceContext, id: string, input: TAuditInspectorInput) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    const a = await requireAudit(tx.db, id, { open: true });
    const user = input.inspectorContact
      ? await tx.db.selectFrom('users').select('id').where(sql`lower(email)`, '=', input.inspectorContact.toLowerCase()).where('kind', '=', 'staff').executeTakeFirst()
      : undefined;
    const values = { inspector: input.inspector, inspector_contact: input.inspectorContact, inspector_user_id: user?.id ?? null };
    await tx.db.updateTable('audits').set(values).where('id', '=', id).execute();
    await tx.db.updateTable('inspections').set(values).where('audit_id', '=', id).execute();
    await auditChanged(tx.db, c.actor, id, 'inspector', { inspector: [a.inspector, input.inspector], inspectorContact: [a.inspector_contact, input.inspectorContact] });
    return { id, inspector: input.inspector, inspectorContact: input.inspectorContact };
  });
}

/**
 * PUT api/v1/audits/{id}/details (issue 20): renames the audit, moves its date and its site (one of its customer's,
 * or none); its runs follow the date and the site, as they follow the inspector. The search text follows the name.
 */
export async function setAuditDetails(ctx: ServiceContext, id: string, input: TAuditDetailsInput) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    const a = await requireAudit(tx.db, id, { open: true });
    if (input.customerSiteId) {
      const site = await tx.db.selectFrom('customer_sites').select('id').where('id', '=', input.customerSiteId)
        .where('customer_id', '=', a.customer_id!).where('deleted_at', 'is', null).executeTakeFirst();
      if (!site) throw badField('customerSiteId', "is not a site of the audit's customer");
    }
    const date = new Date(input.inspectionDate);
    await tx.db.updateTable('audits').set({ name: input.name, inspection_date: date, customer_site_id: input.customerSiteId }).where('id', '=', id).execute();
    await tx.db.updateTable('inspections').set({ inspection_date: date, customer_site_id: input.customerSiteId }).where('audit_id', '=', id).execute();
    await auditChanged(tx.db, c.actor, id, 'details', {
      name: [a.name, input.name], inspectionDate: [a.inspection_date, date], customerSiteId: [a.customer_site_id, input.customerSiteId],
    });
    return loadAudit(tx.db, id);
  });
}
