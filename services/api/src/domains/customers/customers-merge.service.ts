import { sql } from 'kysely';
import { P, ZCustomerMerge, type TCustomer, type TCustomerMerge } from '@insp/contracts';
import { recordWebhookEvent, refreshCustomerSearchText, writeAuditTrail } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues } from '../../errors.js';
import { getCustomer } from './customers-read.service.js';
import { liveCustomer } from './customers-shared.js';

/** Tables whose rows belong to a customer; a merge moves every one of them, live or soft-deleted. */
const OWNED = ['customer_sites', 'contacts', 'equipment', 'inspections', 'audits'] as const;

/**
 * POST api/v1/customers/{id}/merge { customerId, name } (002 §7).
 *
 * Which is which: the path `id` is the FIRST customer of /Customers/{id1}/compare/{id2}, the one merged away;
 * the body's `customerId` is the SECOND, which survives under `name` (002 §2, §4 "the second customer
 * survives"). The web app navigates to /Customers/{customerId} afterwards.
 *
 * One transaction: both rows locked (in id order, so two opposite merges cannot deadlock), every row of the
 * first moved to the second, the second renamed, the first soft-deleted with merged_into_customer_id set
 * (its id may be referenced by clients or exports), and an audit_trail row on each.
 */
export async function mergeCustomers(ctx: ServiceContext, firstId: string, input: TCustomerMerge): Promise<TCustomer> {
  requirePermission(ctx, P.customersAdmin);
  const parsed = ZCustomerMerge.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const { customerId: survivorId, name } = parsed.data;
  if (survivorId === firstId) throw new AppError('BAD_REQUEST', 'customerId: a customer cannot be merged with itself', 'customerId');

  await inTransaction(ctx, async (tx) => {
    const [a, b] = [firstId, survivorId].sort();
    const locked = { [a!]: await liveCustomer(tx, a!, true), [b!]: await liveCustomer(tx, b!, true) };
    const first = locked[firstId]!;
    const survivor = locked[survivorId]!;

    const moved: Record<string, number> = {};
    for (const table of OWNED) {
      const r = await tx.db.updateTable(table).set({ customer_id: survivorId }).where('customer_id', '=', firstId).executeTakeFirst();
      moved[table] = Number(r.numUpdatedRows);
    }
    // Customers merged into the first earlier now point at the survivor: no chain ends at a deleted row.
    await tx.db.updateTable('customers').set({ merged_into_customer_id: survivorId }).where('merged_into_customer_id', '=', firstId).execute();
    await tx.db
      .updateTable('customers')
      .set({ deleted_at: sql<Date>`now()`, merged_into_customer_id: survivorId })
      .where('id', '=', firstId)
      .execute();
    // After the first is gone its MDM id is free; the survivor keeps its own, or takes the first's if it had none
    // (its time zone and report language, issue 20, likewise).
    await tx.db
      .updateTable('customers')
      .set({ name, mdm_customer_id: survivor.mdm_customer_id ?? first.mdm_customer_id, time_zone: survivor.time_zone ?? first.time_zone, language: survivor.language ?? first.language })
      .where('id', '=', survivorId)
      .execute();
    await refreshCustomerSearchText(tx.db, survivorId);
    await writeAuditTrail(tx.db, { entityType: 'customer', entityId: survivorId, actorUserId: tx.actor?.userId ?? null, action: 'merge', changes: { mergedCustomerId: firstId, mergedName: first.name, nameBefore: survivor.name, name, moved } });
    await writeAuditTrail(tx.db, { entityType: 'customer', entityId: firstId, actorUserId: tx.actor?.userId ?? null, action: 'merged_into', changes: { customerId: survivorId } });
    await recordWebhookEvent(tx.db, 'customer.merged', { customerId: survivorId, mergedCustomerId: firstId, name });
  });
  return getCustomer(ctx, survivorId);
}
