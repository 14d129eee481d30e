import { sql } from 'kysely';
import { P, ZCustomerInput, type TCustomer, type TCustomerInput } from '@insp/contracts';
import { refreshCustomerSearchText, writeAuditTrail } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { fromZodIssues } from '../../errors.js';
import { getCustomer } from './customers-read.service.js';
import { checkLanguage, liveCustomer, uniqueOr409 } from './customers-shared.js';

const parse = (input: TCustomerInput) => {
  const r = ZCustomerInput.safeParse(input);
  if (!r.success) throw fromZodIssues(r.error.issues);
  return r.data;
};

/** Admins create customers (the spec shows no form; decision: the same people who may delete and merge). */
export async function createCustomer(ctx: ServiceContext, input: TCustomerInput): Promise<TCustomer> {
  requirePermission(ctx, P.customersAdmin);
  const data = parse(input);
  const id = await inTransaction(ctx, async (tx) => {
    await checkLanguage(tx, data.language);
    const row = await uniqueOr409('mdmCustomerId', () =>
      tx.db
        .insertInto('customers')
        .values({ name: data.name, mdm_customer_id: data.mdmCustomerId, time_zone: data.timeZone ?? null, language: data.language ?? null })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    await writeAuditTrail(tx.db, { entityType: 'customer', entityId: row.id, actorUserId: tx.actor?.userId ?? null, action: 'create', changes: data });
    return row.id;
  });
  return getCustomer(ctx, id);
}

export async function updateCustomer(ctx: ServiceContext, id: string, input: TCustomerInput): Promise<TCustomer> {
  requirePermission(ctx, P.customersAdmin);
  const data = parse(input);
  await inTransaction(ctx, async (tx) => {
    const before = await liveCustomer(tx, id, true);
    await checkLanguage(tx, data.language);
    // language is optional (issue 20): a client that does not send it keeps the customer's.
    const language = data.language === undefined ? {} : { language: data.language };
    await uniqueOr409('mdmCustomerId', () =>
      tx.db
        .updateTable('customers')
        // a time zone or language left out (a client from before issue 20) is kept; null clears it
        .set({ name: data.name, mdm_customer_id: data.mdmCustomerId, ...(data.timeZone === undefined ? {} : { time_zone: data.timeZone }), ...language })
        .where('id', '=', id)
        .execute(),
    );
    if (before.name !== data.name) await refreshCustomerSearchText(tx.db, id);
    await writeAuditTrail(tx.db, { entityType: 'customer', entityId: id, actorUserId: tx.actor?.userId ?? null, action: 'update', changes: { before: { name: before.name, mdmCustomerId: before.mdm_customer_id, timeZone: before.time_zone, language: before.language }, after: data } });
  });
  return getCustomer(ctx, id);
}

/**
 * DELETE api/v1/customers/{id}. Soft delete (deleted_at), never a row removal: inspections and audits of the
 * customer are history and must stay readable with their customer, site and equipment (docs/data-model.md).
 * Its live sites, contacts and equipment are soft-deleted with it, in the same transaction.
 */
export async function deleteCustomer(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  requirePermission(ctx, P.customersAdmin);
  await inTransaction(ctx, async (tx) => {
    const c = await liveCustomer(tx, id, true);
    const now = sql<Date>`now()`;
    const sites = await tx.db.updateTable('customer_sites').set({ deleted_at: now }).where('customer_id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    const contacts = await tx.db.updateTable('contacts').set({ deleted_at: now }).where('customer_id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    const equipment = await tx.db.updateTable('equipment').set({ deleted_at: now }).where('customer_id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    await tx.db.updateTable('customers').set({ deleted_at: now }).where('id', '=', id).execute();
    await writeAuditTrail(tx.db, {
      entityType: 'customer',
      entityId: id,
      actorUserId: tx.actor?.userId ?? null,
      action: 'delete',
      changes: {
        name: c.name,
        sites: Number(sites.numUpdatedRows),
        contacts: Number(contacts.numUpdatedRows),
        equipments: Number(equipment.numUpdatedRows),
      },
    });
  });
  return { id };
}
