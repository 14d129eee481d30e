import { sql } from 'kysely';
import type { ServiceContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';

/** Who changed what (docs/data-model.md): one audit_trail row per customer-domain write, in the write's transaction. */
export async function writeAuditTrail(
  ctx: ServiceContext,
  entityType: 'customer' | 'customer_site' | 'contact',
  entityId: string,
  action: string,
  changes: Record<string, unknown>,
) {
  await ctx.db
    .insertInto('audit_trail')
    .values({ entity_type: entityType, entity_id: entityId, actor_user_id: ctx.actor?.userId ?? null, action, changes: JSON.stringify(changes) })
    .execute();
}

/** The live customer row (locked for the rest of the transaction when `forUpdate`), or 404. */
export async function liveCustomer(ctx: ServiceContext, id: string, forUpdate = false) {
  let q = ctx.db
    .selectFrom('customers')
    .select(['id', 'name', 'mdm_customer_id'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Customer');
  return row;
}

/** A live MDM id is unique (partial unique indexes): answer 409 naming the field instead of a 500. */
export async function uniqueOr409<T>(field: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if ((e as { code?: string }).code === '23505') throw new AppError('CONFLICT', `${field}: already used by another record`, field);
    throw e;
  }
}

/** Keeps inspections' and audits' search text (docs/data-model.md) in step with a renamed customer. */
export async function refreshSearchText(ctx: ServiceContext, customerId: string, customerName: string) {
  await sql`update inspections set search_text = lower(concat_ws(' ', nullif(name, ''), nullif(serial_number, ''),
      nullif(${customerName}, ''), nullif(inspector, ''))) where customer_id = ${customerId}`.execute(ctx.db);
  await sql`update audits set search_text = lower(concat_ws(' ', nullif(name, ''), nullif(${customerName}, ''),
      nullif(inspector, ''))) where customer_id = ${customerId}`.execute(ctx.db);
}
