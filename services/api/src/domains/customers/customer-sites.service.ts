import { sql } from 'kysely';
import { P, ZCustomerSiteInput, type TCustomerSite, type TCustomerSiteInput } from '@insp/contracts';
import { refreshSiteSearchText, writeAuditTrail } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { fromZodIssues, notFound } from '../../errors.js';
import { liveCustomer, uniqueOr409 } from './customers-shared.js';

const parse = (input: TCustomerSiteInput) => {
  const r = ZCustomerSiteInput.safeParse(input);
  if (!r.success) throw fromZodIssues(r.error.issues);
  return r.data;
};
const columns = (d: ReturnType<typeof parse>) => ({
  name: d.name,
  mdm_site_id: d.mdmSiteId,
  mdm_type: d.mdmType,
  country: d.country,
  state_province: d.stateProvince,
});
const returning = ['id', 'name', 'mdm_site_id as mdmSiteId', 'mdm_type as mdmType', 'country', 'state_province as stateProvince'] as const;

export async function createSite(ctx: ServiceContext, customerId: string, input: TCustomerSiteInput): Promise<TCustomerSite> {
  requirePermission(ctx, P.customersAdmin);
  const data = parse(input);
  return inTransaction(ctx, async (tx) => {
    await liveCustomer(tx, customerId, true);
    const site = await uniqueOr409('mdmSiteId', () =>
      tx.db.insertInto('customer_sites').values({ customer_id: customerId, ...columns(data) }).returning(returning).executeTakeFirstOrThrow(),
    );
    await writeAuditTrail(tx.db, { entityType: 'customer_site', entityId: site.id, actorUserId: tx.actor?.userId ?? null, action: 'create', changes: { customerId, ...data } });
    return site;
  });
}

export async function updateSite(ctx: ServiceContext, customerId: string, siteId: string, input: TCustomerSiteInput): Promise<TCustomerSite> {
  requirePermission(ctx, P.customersAdmin);
  const data = parse(input);
  return inTransaction(ctx, async (tx) => {
    const site = await uniqueOr409('mdmSiteId', () =>
      tx.db
        .updateTable('customer_sites')
        .set(columns(data))
        .where('id', '=', siteId)
        .where('customer_id', '=', customerId)
        .where('deleted_at', 'is', null)
        .returning(returning)
        .executeTakeFirst(),
    );
    if (!site) throw notFound('Site');
    // Reports and audits are searched by their site's current name (search_text).
    await refreshSiteSearchText(tx.db, siteId);
    await writeAuditTrail(tx.db, { entityType: 'customer_site', entityId: siteId, actorUserId: tx.actor?.userId ?? null, action: 'update', changes: data });
    return site;
  });
}

/**
 * Soft delete: inspections and audits at the site keep it (their link is `restrict`, and they record history).
 * Live equipment and contacts at the site stay with the customer but lose the site, in the same transaction,
 * so nothing live points at a deleted site.
 */
export async function deleteSite(ctx: ServiceContext, customerId: string, siteId: string): Promise<{ id: string }> {
  requirePermission(ctx, P.customersAdmin);
  return inTransaction(ctx, async (tx) => {
    const r = await tx.db
      .updateTable('customer_sites')
      .set({ deleted_at: sql<Date>`now()` })
      .where('id', '=', siteId)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound('Site');
    await tx.db.updateTable('equipment').set({ customer_site_id: null }).where('customer_site_id', '=', siteId).where('deleted_at', 'is', null).execute();
    await tx.db.updateTable('contacts').set({ customer_site_id: null }).where('customer_site_id', '=', siteId).where('deleted_at', 'is', null).execute();
    await writeAuditTrail(tx.db, { entityType: 'customer_site', entityId: siteId, actorUserId: tx.actor?.userId ?? null, action: 'delete', changes: { customerId } });
    return { id: siteId };
  });
}
