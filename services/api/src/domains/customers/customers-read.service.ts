import { sql } from 'kysely';
import { P, type TCustomer, type TCustomerListItem, type TCustomerListQuery, type TListResponse } from '@insp/contracts';
import { nameInLanguage } from '@insp/db';
import { requirePermission, type ServiceContext } from '../../context.js';
import { listPage } from '../../lib/list.js';
import { liveCustomer } from './customers-shared.js';

/**
 * /Customers and GET api/v1/customers/query: live customers, searched by name or MDM id (002 §2). Names sort in the
 * order of `lang`, the user's language (issue 20; absent: English), from that language's index (migration 0028).
 */
export async function listCustomers(ctx: ServiceContext, query: TCustomerListQuery): Promise<TListResponse<TCustomerListItem>> {
  requirePermission(ctx, P.customers);
  const base = ctx.db
    .selectFrom('customers')
    .select(['id', 'name', 'mdm_customer_id as mdmCustomerId'])
    .where('deleted_at', 'is', null);
  return listPage(ctx.db, base, query, {
    sortable: { name: nameInLanguage('name', query.lang), mdmCustomerId: { expr: sql.ref('mdm_customer_id'), emptyLast: true } },
    // spec 002 §9: customers sort by name descending by default.
    defaultSort: { key: 'name', direction: 'desc' },
    tieBreaker: sql.ref('id'),
    // Names ignore case and accents (search_fold, trigram index customers_name_fold_trgm); MDM ids are codes.
    search: (pattern) => sql<boolean>`(search_fold(name) like search_fold(${pattern}) or mdm_customer_id ilike ${pattern})`,
  });
}

/** GET api/v1/customers/{id}: the customer with its live sites, contacts and equipment, and the counts the delete modal shows. */
export async function getCustomer(ctx: ServiceContext, id: string): Promise<TCustomer> {
  requirePermission(ctx, P.customers);
  const c = await liveCustomer(ctx, id);
  const [sites, contacts, equipments, runs] = await Promise.all([
    ctx.db
      .selectFrom('customer_sites')
      .select(['id', 'name', 'mdm_site_id as mdmSiteId', 'mdm_type as mdmType', 'country', 'state_province as stateProvince'])
      .where('customer_id', '=', id)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('contacts')
      .select(['id', 'name', 'email', 'phone_number as phoneNumber', 'customer_site_id as siteId'])
      .where('customer_id', '=', id)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('equipment as e')
      .leftJoin('product_families as f', 'f.id', 'e.product_family_id')
      .leftJoin('product_models as m', 'm.id', 'e.product_model_id')
      .select([
        'e.id',
        'e.serial_number as serialNumber',
        'e.nick_name as nickName',
        'e.mdm_equipment_id as mdmEquipmentId',
        'e.product_family_id as productFamilyId',
        'e.product_model_id as productModelId',
        'f.name as productFamilyName',
        'm.name as productModelName',
      ])
      .where('e.customer_id', '=', id)
      .where('e.deleted_at', 'is', null)
      .orderBy('e.serial_number')
      .orderBy('e.id')
      .execute(),
    sql<{ inspections: string; audits: string }>`select
        (select count(*) from inspections where customer_id = ${id} and deleted_at is null) as inspections,
        (select count(*) from audits where customer_id = ${id} and deleted_at is null) as audits`.execute(ctx.db),
  ]);
  const r = runs.rows[0]!;
  return {
    id: c.id,
    name: c.name,
    mdmCustomerId: c.mdm_customer_id,
    timeZone: c.time_zone,
    language: c.language,
    sites,
    contacts,
    equipments,
    counts: {
      sites: sites.length,
      contacts: contacts.length,
      equipments: equipments.length,
      inspections: Number(r.inspections),
      audits: Number(r.audits),
    },
  };
}
