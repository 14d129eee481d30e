import { sql } from 'kysely';
import type { Db } from '@insp/db';
import { P, type TAudit, type TAuditCreate } from '@insp/contracts';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { badField } from '../inspections/inspection-edit.save.js';
import { auditChanged } from './audits.access.js';
import { loadAudit } from './audit-load.js';
import { insertRun } from './audit-run-insert.js';

/** The site runs every audit starts with (issue 8; 000 §2.6 plant section), in this order. */
const SITE_KINDS = ['Audit_Site', 'Audit_Site_Operational'] as const;

/**
 * POST api/v1/audits (not shown in the spec; docs/decisions.md "Audits (issue 8)"): an open audit of a customer
 * (and site), named 'Audit {customer} {year}' unless named, with the customer's first contact in the info box,
 * the caller as inspector unless another is given, and its Audit_Site and Audit_Site_Operational runs on the
 * live protocol of each type (the first by name; site protocols take no targets, so every one fits). A type
 * without a live protocol starts without that run (the editor adds it later). One transaction.
 */
export async function createAudit(ctx: ServiceContext, input: TAuditCreate): Promise<TAudit> {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    const db = tx.db;
    const customer = await db.selectFrom('customers').select(['id', 'name']).where('id', '=', input.customerId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!customer) throw badField('customerId', 'customer not found');
    if (input.customerSiteId) {
      const site = await db.selectFrom('customer_sites').select('id').where('id', '=', input.customerSiteId).where('customer_id', '=', customer.id).where('deleted_at', 'is', null).executeTakeFirst();
      if (!site) throw badField('customerSiteId', 'is not a site of the customer');
    }
    const contact = await db.selectFrom('contacts').select(['name', 'email', 'phone_number']).where('customer_id', '=', customer.id).where('deleted_at', 'is', null)
      .orderBy(sql`customer_site_id is not distinct from ${input.customerSiteId}`, 'desc').orderBy('name').orderBy('id').limit(1).executeTakeFirst();
    const me = await db.selectFrom('users').select(['name', 'email']).where('id', '=', c.actor.userId).executeTakeFirstOrThrow();
    const date = input.inspectionDate !== undefined ? new Date(input.inspectionDate) : new Date();
    const inspector = input.inspector ?? me.name;
    const { id } = await db
      .insertInto('audits')
      .values({
        name: input.name ?? `Audit ${customer.name} ${date.getUTCFullYear()}`, customer_id: customer.id, customer_site_id: input.customerSiteId, inspection_date: date,
        inspector, inspector_contact: input.inspector ? input.inspectorContact ?? '' : me.email, inspector_user_id: input.inspector ? null : c.actor.userId,
        contact_name: contact?.name ?? null, contact_email: contact?.email ?? null, contact_phone: contact?.phone_number ?? null,
        created_by_user_id: c.actor.userId, updated_by_user_id: c.actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const audit = { id, customer_id: customer.id, customer_site_id: input.customerSiteId, inspection_date: date, inspector, inspector_contact: input.inspector ? input.inspectorContact ?? '' : me.email };
    const started: string[] = [];
    for (const kind of SITE_KINDS) {
      const protocol = await siteProtocol(db, kind);
      if (!protocol) continue;
      await insertRun(db, c.actor, audit, { protocol, kind, stage: null, equipment: null });
      started.push(kind);
    }
    await auditChanged(db, c.actor, id, 'create', { customerId: customer.id, customerSiteId: input.customerSiteId, runs: started });
    return loadAudit(db, id);
  });
}

async function siteProtocol(db: Db, type: string) {
  // Current versions only: a superseded one keeps the runs started on it, new runs take the latest (issue 10).
  return db.selectFrom('protocols').select(['id', 'name', 'type']).where('type', '=', type).where('deleted_at', 'is', null).where('superseded_at', 'is', null).where('draft', '=', false).orderBy('name').orderBy('id').limit(1).executeTakeFirst();
}
