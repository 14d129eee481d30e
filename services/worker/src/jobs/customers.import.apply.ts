import { refreshCustomerSearchText, refreshSiteSearchText, writeAuditTrail, type Db } from '@insp/db';
import { RowError, type ValidRow } from './customers.import.validate.js';

export interface ImportCounts {
  customersCreated: number;
  customersUpdated: number;
  sitesCreated: number;
  sitesUpdated: number;
  equipmentCreated: number;
  equipmentUpdated: number;
}
export const noCounts = (): ImportCounts => ({
  customersCreated: 0,
  customersUpdated: 0,
  sitesCreated: 0,
  sitesUpdated: 0,
  equipmentCreated: 0,
  equipmentUpdated: 0,
});

/**
 * The values of `wanted` that differ from `current`. Blank cells never clear a stored value: a file
 * that only lists serial numbers must not wipe the nicknames an administrator typed in the app.
 */
function changes<T extends Record<string, unknown>>(current: T, wanted: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const [k, v] of Object.entries(wanted) as Array<[keyof T, T[keyof T] | undefined]>) {
    if (v !== undefined && v !== null && v !== '' && current[k] !== v) out[k] = v;
  }
  return out;
}

/** Who the import's writes are recorded against in audit_trail: the user who uploaded the file. */
export interface ImportActor {
  importId: string;
  userId: string | null;
}

/**
 * Applies one validated row inside the caller's transaction: customer, then site, then equipment, each
 * matched by its keys so that importing the same file again updates (or leaves alone) instead of
 * duplicating. Throws RowError for conflicts only the database can reveal; the caller rolls the row back.
 */
export async function applyRow(trx: Db, row: ValidRow, actor: ImportActor): Promise<ImportCounts> {
  const counts = noCounts();
  const customerId = await upsertCustomer(trx, row, actor, counts);
  const siteId = row.siteName || row.siteMdmId ? await upsertSite(trx, row, customerId, actor, counts) : undefined;
  if (row.serialNumber || row.nickName) await upsertEquipment(trx, row, customerId, siteId, counts);
  return counts;
}

/** By MDM id; else by exact name (among customers without an MDM id when the file gives one: different ids are different customers). */
async function upsertCustomer(trx: Db, row: ValidRow, actor: ImportActor, counts: ImportCounts): Promise<string> {
  // FOR SHARE: a merge or delete of this customer committed while we waited for its lock is seen (the row
  // no longer matches `deleted_at is null`), and one that starts later waits for this row's commit; the
  // row is never attached to a customer that is soft-deleted by the time it commits.
  const live = trx.selectFrom('customers').select(['id', 'name', 'mdm_customer_id', 'language', 'time_zone']).where('deleted_at', 'is', null).forShare();
  let found = row.customerMdmId ? await live.where('mdm_customer_id', '=', row.customerMdmId).executeTakeFirst() : undefined;
  if (!found) {
    let byName = live.where('name', '=', row.customerName);
    if (row.customerMdmId) byName = byName.where('mdm_customer_id', 'is', null);
    const named = await byName.limit(2).execute();
    if (named.length > 1) throw new RowError('customerName', `${row.customerName} matches several customers; add the Customer MDM id to choose one`);
    found = named[0];
  }
  if (!found) {
    const { id } = await trx
      .insertInto('customers')
      .values({ name: row.customerName, mdm_customer_id: row.customerMdmId ?? null, language: row.language ?? null, time_zone: row.timeZone ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, actor, 'customer', id, 'create', {
      name: row.customerName,
      mdmCustomerId: row.customerMdmId ?? null,
      timeZone: row.timeZone ?? null,
      language: row.language ?? null,
    });
    counts.customersCreated++;
    return id;
  }
  // An empty language or time zone cell is undefined here: it keeps the customer's (blank cells never clear).
  const diff = changes(found, {
    name: row.customerName,
    mdm_customer_id: found.mdm_customer_id ? undefined : row.customerMdmId,
    language: row.language,
    time_zone: row.timeZone,
  });
  if (Object.keys(diff).length) {
    await trx.updateTable('customers').set(diff).where('id', '=', found.id).execute();
    // As in the API's customer update: reports stay findable under the customer's new name.
    if (diff.name) await refreshCustomerSearchText(trx, found.id);
    // Language and zone appear in the record only when the row changes them (rows of files without those columns read as before).
    const zoneAndLanguage = (c: { time_zone?: string | null; language?: string | null }) => ({
      ...(diff.time_zone !== undefined && { timeZone: c.time_zone }),
      ...(diff.language !== undefined && { language: c.language }),
    });
    await audit(trx, actor, 'customer', found.id, 'update', {
      before: { name: found.name, mdmCustomerId: found.mdm_customer_id, ...zoneAndLanguage(found) },
      after: { name: diff.name ?? found.name, mdmCustomerId: diff.mdm_customer_id ?? found.mdm_customer_id, ...zoneAndLanguage(diff) },
    });
    counts.customersUpdated++;
  }
  return found.id;
}

/** Site MDM ids are unique across customers: one that belongs to another customer's site is an error, not a move. */
async function upsertSite(trx: Db, row: ValidRow, customerId: string, actor: ImportActor, counts: ImportCounts): Promise<string> {
  const live = trx
    .selectFrom('customer_sites')
    .select(['id', 'customer_id', 'name', 'mdm_site_id', 'mdm_type', 'country', 'state_province'])
    .where('deleted_at', 'is', null)
    .forShare(); // as for the customer: a site merged or deleted meanwhile is not matched
  let found = row.siteMdmId ? await live.where('mdm_site_id', '=', row.siteMdmId).executeTakeFirst() : undefined;
  if (found && found.customer_id !== customerId) {
    throw new RowError('siteMdmId', `${row.siteMdmId} is the MDM id of site '${found.name}' of another customer`);
  }
  if (!found && row.siteName) {
    let byName = live.where('customer_id', '=', customerId).where('name', '=', row.siteName);
    if (row.siteMdmId) byName = byName.where('mdm_site_id', 'is', null);
    const named = await byName.limit(2).execute();
    if (named.length > 1) throw new RowError('siteName', `${row.siteName} matches several sites of this customer; add the Site MDM id to choose one`);
    found = named[0];
  }
  const wanted = { name: row.siteName, mdm_type: row.siteMdmType, country: row.country, state_province: row.stateProvince };
  if (!found) {
    if (!row.siteName) throw new RowError('siteName', `is required: no site has the MDM id ${row.siteMdmId}`);
    const values = { ...wanted, name: row.siteName, customer_id: customerId, mdm_site_id: row.siteMdmId ?? null };
    const { id } = await trx.insertInto('customer_sites').values(values).returning('id').executeTakeFirstOrThrow();
    await audit(trx, actor, 'customer_site', id, 'create', { customerId, ...siteChanges(values) });
    counts.sitesCreated++;
    return id;
  }
  const diff = changes(found, { ...wanted, mdm_site_id: found.mdm_site_id ? undefined : row.siteMdmId });
  if (Object.keys(diff).length) {
    await trx.updateTable('customer_sites').set(diff).where('id', '=', found.id).execute();
    if (diff.name) await refreshSiteSearchText(trx, found.id);
    await audit(trx, actor, 'customer_site', found.id, 'update', siteChanges(diff));
    counts.sitesUpdated++;
  }
  return found.id;
}

/** One audit_trail row per customer or site write, as the API writes for its own (import id added: which file did it). */
function audit(trx: Db, actor: ImportActor, entityType: 'customer' | 'customer_site', entityId: string, action: string, changes: Record<string, unknown>) {
  return writeAuditTrail(trx, { entityType, entityId, actorUserId: actor.userId, action, changes: { ...changes, importId: actor.importId } });
}

/** Site columns under the API's field names, so audit rows of the import and of the screen read alike. */
function siteChanges(c: { name?: string | null; mdm_site_id?: string | null; mdm_type?: string | null; country?: string | null; state_province?: string | null }) {
  const out: Record<string, unknown> = { name: c.name, mdmSiteId: c.mdm_site_id, mdmType: c.mdm_type, country: c.country, stateProvince: c.state_province };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}

/**
 * By serial number (unique among live equipment); equipment without a serial by nickname at the same
 * customer and site. A serial of another customer's machine is an error: moving machines between
 * customers is a merge decision (spec 002 §4), not something a file should do silently.
 */
async function upsertEquipment(trx: Db, row: ValidRow, customerId: string, siteId: string | undefined, counts: ImportCounts) {
  const live = trx
    .selectFrom('equipment')
    .leftJoin('customers', 'customers.id', 'equipment.customer_id')
    .select([
      'equipment.id',
      'equipment.customer_id',
      'equipment.customer_site_id',
      'equipment.nick_name',
      'equipment.mdm_equipment_id',
      'equipment.product_family_id',
      'equipment.product_model_id',
      'customers.name as customer_name',
    ])
    .where('equipment.deleted_at', 'is', null);
  let found;
  if (row.serialNumber) {
    found = await live.where('equipment.serial_number', '=', row.serialNumber).executeTakeFirst();
    if (found?.customer_id && found.customer_id !== customerId) {
      throw new RowError('serialNumber', `${row.serialNumber} belongs to equipment of another customer (${found.customer_name ?? 'unknown'})`);
    }
  } else {
    let byNick = live.where('equipment.customer_id', '=', customerId).where('equipment.nick_name', '=', row.nickName!).where('equipment.serial_number', 'is', null);
    byNick = siteId ? byNick.where('equipment.customer_site_id', '=', siteId) : byNick.where('equipment.customer_site_id', 'is', null);
    found = await byNick.executeTakeFirst();
  }
  if (row.equipmentMdmId) {
    let other = trx.selectFrom('equipment').select('id').where('deleted_at', 'is', null).where('mdm_equipment_id', '=', row.equipmentMdmId);
    if (found) other = other.where('id', '<>', found.id);
    if (await other.executeTakeFirst()) throw new RowError('equipmentMdmId', `${row.equipmentMdmId} is already the MDM id of other equipment`);
  }
  const wanted = {
    nick_name: row.nickName,
    product_family_id: row.familyId,
    product_model_id: row.modelId,
    customer_site_id: siteId,
  };
  if (!found) {
    await trx
      .insertInto('equipment')
      .values({ ...wanted, serial_number: row.serialNumber ?? null, mdm_equipment_id: row.equipmentMdmId ?? null, customer_id: customerId })
      .execute();
    counts.equipmentCreated++;
    return;
  }
  const diff: Record<string, string | null> = changes(found, { ...wanted, customer_id: customerId, mdm_equipment_id: row.equipmentMdmId });
  // A new family without a model: the old model belongs to the old family, so it no longer applies.
  if (diff.product_family_id && !row.modelId) diff.product_model_id = null;
  if (Object.keys(diff).length) {
    await trx.updateTable('equipment').set(diff).where('id', '=', found.id).execute();
    counts.equipmentUpdated++;
  }
}
