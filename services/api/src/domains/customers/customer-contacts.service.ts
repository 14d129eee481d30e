import { sql } from 'kysely';
import { P, ZCustomerContactInput, type TCustomerContact, type TCustomerContactInput } from '@insp/contracts';
import { writeAuditTrail } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues, notFound } from '../../errors.js';
import { liveCustomer } from './customers-shared.js';

const returning = ['id', 'name', 'email', 'phone_number as phoneNumber', 'customer_site_id as siteId'] as const;

/** Validates the input, and that a chosen site is a live site of the same customer. */
async function parse(ctx: ServiceContext, customerId: string, input: TCustomerContactInput) {
  const r = ZCustomerContactInput.safeParse(input);
  if (!r.success) throw fromZodIssues(r.error.issues);
  const d = r.data;
  if (d.siteId) {
    const site = await ctx.db
      .selectFrom('customer_sites')
      .select('id')
      .where('id', '=', d.siteId)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!site) throw new AppError('BAD_REQUEST', 'siteId: not a site of this customer', 'siteId');
  }
  return { name: d.name, email: d.email, phone_number: d.phoneNumber, customer_site_id: d.siteId };
}

export async function createContact(ctx: ServiceContext, customerId: string, input: TCustomerContactInput): Promise<TCustomerContact> {
  requirePermission(ctx, P.customersAdmin);
  return inTransaction(ctx, async (tx) => {
    await liveCustomer(tx, customerId, true);
    const data = await parse(tx, customerId, input);
    const contact = await tx.db.insertInto('contacts').values({ customer_id: customerId, ...data }).returning(returning).executeTakeFirstOrThrow();
    await writeAuditTrail(tx.db, { entityType: 'contact', entityId: contact.id, actorUserId: tx.actor?.userId ?? null, action: 'create', changes: { customerId, ...data } });
    return contact;
  });
}

export async function updateContact(ctx: ServiceContext, customerId: string, contactId: string, input: TCustomerContactInput): Promise<TCustomerContact> {
  requirePermission(ctx, P.customersAdmin);
  return inTransaction(ctx, async (tx) => {
    const data = await parse(tx, customerId, input);
    const contact = await tx.db
      .updateTable('contacts')
      .set(data)
      .where('id', '=', contactId)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .returning(returning)
      .executeTakeFirst();
    if (!contact) throw notFound('Contact');
    await writeAuditTrail(tx.db, { entityType: 'contact', entityId: contactId, actorUserId: tx.actor?.userId ?? null, action: 'update', changes: data });
    return contact;
  });
}

export async function deleteContact(ctx: ServiceContext, customerId: string, contactId: string): Promise<{ id: string }> {
  requirePermission(ctx, P.customersAdmin);
  return inTransaction(ctx, async (tx) => {
    const r = await tx.db
      .updateTable('contacts')
      .set({ deleted_at: sql<Date>`now()` })
      .where('id', '=', contactId)
      .where('customer_id', '=', customerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound('Contact');
    await writeAuditTrail(tx.db, { entityType: 'contact', entityId: contactId, actorUserId: tx.actor?.userId ?? null, action: 'delete', changes: { customerId } });
    return { id: contactId };
  });
}
