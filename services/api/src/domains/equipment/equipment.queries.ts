import { sql, type Expression } from 'kysely';
import type { Db } from '@insp/db';

/**
 * Live equipment joined with its family, model, customer and site, in the contract's shape.
 * Deleted equipment (deleted_at set) is kept for the inspections that point at it, but never listed.
 */
export const liveEquipmentRows = (db: Db) =>
  db
    .selectFrom('equipment as e')
    .leftJoin('product_families as f', 'f.id', 'e.product_family_id')
    .leftJoin('product_models as m', 'm.id', 'e.product_model_id')
    .leftJoin('customers as c', 'c.id', 'e.customer_id')
    .leftJoin('customer_sites as s', 's.id', 'e.customer_site_id')
    .where('e.deleted_at', 'is', null)
    .select([
      'e.id',
      'e.serial_number as serialNumber',
      'e.serial_number as serial',
      'e.nick_name as nickName',
      'e.mdm_equipment_id as mdmEquipmentId',
      'e.product_family_id as productFamilyId',
      'f.name as productFamilyName',
      'e.product_model_id as productModelId',
      'm.name as productModelName',
      'e.customer_id as customerId',
      'c.name as customerName',
      'e.customer_site_id as customerSiteId',
      's.name as customerSiteName',
    ]);

/**
 * A distributor's machines: equipment rows carry no company, so a machine belongs to a distributor company when one
 * of the company's live reports was made on it (reports carry the company, inspections.scope.ts; a distributor
 * starting an inspection on a new machine creates it that way). Probed per machine through `inspections_equipment`.
 * A distributor without a company has none. `equipmentId` names the machine's id column (default `e.id`).
 */
export const equipmentOfCompany = (companyId: string | null, equipmentId: Expression<unknown> = sql.ref('e.id')) =>
  companyId
    ? sql<boolean>`exists (select 1 from inspections i where i.equipment_id = ${equipmentId} and i.company_id = ${companyId} and i.deleted_at is null)`
    : sql<boolean>`false`;

/** Inspections conducted on one equipment (deleted inspections do not count). */
export async function inspectionCountOf(db: Db, equipmentId: string): Promise<number> {
  const row = await db
    .selectFrom('inspections')
    .select(sql<number>`count(*)`.as('n'))
    .where('equipment_id', '=', equipmentId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Which unique index a Postgres unique violation (23505) hit, from pg (constraint) or the message. */
export function uniqueViolationOn(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; message?: string } | null;
  if (e?.code !== '23505') return null;
  return e.constraint ?? /"([^"]+)"/.exec(e.message ?? '')?.[1] ?? 'unknown';
}

/**
 * Which column of a Postgres foreign-key violation (23503) failed: from the detail ("Key (col)=(…) is not present…")
 * or the default constraint name (<table>_<col>_fkey); 'unknown' when neither says.
 */
export function foreignKeyViolationOn(err: unknown): string | null {
  const e = err as { code?: string; constraint?: string; detail?: string } | null;
  if (e?.code !== '23503') return null;
  return /^Key \(([^)]+)\)=/.exec(e.detail ?? '')?.[1] ?? /^equipment_(.+)_fkey$/.exec(e.constraint ?? '')?.[1] ?? 'unknown';
}
