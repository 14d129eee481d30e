import { sql } from 'kysely';
import { nameInLanguage } from '@insp/db';
import {
  P,
  START_CHOICES_LIMIT,
  type TNameOrderLanguage,
  type TStartCustomer,
  type TStartEquipment,
  type TStartSite,
} from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { containsPattern } from '../../lib/list.js';
import { notFound } from '../../errors.js';

/**
 * The picks of /Reports/new (issue 7, not shown in the spec). The customer and equipment screens need Manager;
 * an inspector is a User, so these answer only what a pick needs, to staff (P.reportsStart: distributors never
 * see the company's customers). Live rows only. Customers by name in the order of the user's language `lang` (issue 20),
 * read from that language's index (migration 0028).
 */
export async function startCustomers(ctx: ServiceContext, search: string, lang?: TNameOrderLanguage, id?: string): Promise<TStartCustomer[]> {
  const c = requirePermission(ctx, P.reportsStart);
  let q = c.db
    .selectFrom('customers')
    .select(['id', 'name', 'mdm_customer_id as mdmCustomerId'])
    .where('deleted_at', 'is', null);
  if (id) q = q.where('id', '=', id);
  if (search) {
    const pattern = containsPattern(search);
    // as the customers list: names ignore case and accents (search_fold)
    q = q.where(sql<boolean>`(search_fold(name) like search_fold(${pattern}) or mdm_customer_id ilike ${pattern})`);
  }
  return q.orderBy(nameInLanguage('name', lang)).orderBy('id').limit(START_CHOICES_LIMIT.customers).execute();
}

/** The live sites of a live customer, by name (404 for a missing customer). */
export async function startSites(ctx: ServiceContext, customerId: string): Promise<TStartSite[]> {
  const c = requirePermission(ctx, P.reportsStart);
  await liveCustomer(c, customerId);
  return c.db
    .selectFrom('customer_sites')
    .select(['id', 'name'])
    .where('customer_id', '=', customerId)
    .where('deleted_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The customer's live machines at a site (or without a site when `customerSiteId` is null), by serial number. */
export async function startEquipment(ctx: ServiceContext, customerId: string, customerSiteId: string | null): Promise<TStartEquipment[]> {
  const c = requirePermission(ctx, P.reportsStart);
  await liveCustomer(c, customerId);
  return c.db
    .selectFrom('equipment as e')
    .leftJoin('product_families as f', 'f.id', 'e.product_family_id')
    .leftJoin('product_models as m', 'm.id', 'e.product_model_id')
    .select([
      'e.id',
      'e.serial_number as serialNumber',
      'e.nick_name as nickName',
      'e.product_family_id as productFamilyId',
      'f.name as productFamilyName',
      'e.product_model_id as productModelId',
      'm.name as productModelName',
    ])
    .where('e.customer_id', '=', customerId)
    .where((eb) => (customerSiteId ? eb('e.customer_site_id', '=', customerSiteId) : eb('e.customer_site_id', 'is', null)))
    .where('e.deleted_at', 'is', null)
    .orderBy('e.serial_number')
    .orderBy('e.nick_name')
    .orderBy('e.id')
    .limit(START_CHOICES_LIMIT.equipment)
    .execute();
}

async function liveCustomer(c: ServiceContext, id: string) {
  const found = await c.db.selectFrom('customers').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!found) throw notFound('customer');
}
