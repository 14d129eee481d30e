import type { ServiceContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';

/** The live customer row (locked for the rest of the transaction when `forUpdate`), or 404. */
export async function liveCustomer(ctx: ServiceContext, id: string, forUpdate = false) {
  let q = ctx.db
    .selectFrom('customers')
    .select(['id', 'name', 'mdm_customer_id', 'time_zone', 'language'])
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

/** Issue 20: a customer's report language must be a row of `languages` (400 naming `language`). */
export async function checkLanguage(ctx: ServiceContext, language: string | null | undefined) {
  if (!language) return;
  const row = await ctx.db.selectFrom('languages').select('id').where('id', '=', language).executeTakeFirst();
  if (!row) throw new AppError('BAD_REQUEST', 'language: is not a known language', 'language');
}
