import { sql } from 'kysely';
import { P, type TEquipment, type TEquipmentDetail, type TEquipmentListQuery, type TListResponse } from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { listPage } from '../../lib/list.js';
import { equipmentOfCompany, inspectionCountOf, liveEquipmentRows } from './equipment.queries.js';
import { equipmentDueColumns, equipmentDueFilter, syncDefaultTimeZone } from '@insp/db';

/*
 * Equipment is staff reference data: the list and a record need P.equipment (Manager and above); distributors are
 * refused (external Never). The one exception is the equipment of chosen models (P.equipmentChoices), which the
 * authoring screens offer distributor managers too, scoped to their company (equipmentOfCompany).
 */

export const DUE_FILTER_COUNT_LIMIT = 1_000;

/** GET api/v1/Equipments/query (spec 002 §9: serial descending by default). */
export async function listEquipment(ctx: ServiceContext, query: TEquipmentListQuery): Promise<TListResponse<TEquipment>> {
  const c = requirePermission(ctx, P.equipment);
  // Issue 24: the due column, filter and sort, from the machine's stored due dates (kept from its plans, migration 0054).
  await syncDefaultTimeZone(c.db, c.config.reportTimeZone);
  let base = liveEquipmentRows(c.db).select(equipmentDueColumns(c.config.reportTimeZone));
  if (query.productFamilyId) base = base.where('e.product_family_id', '=', query.productFamilyId);
  if (query.productModelId) base = base.where('e.product_model_id', '=', query.productModelId);
  if (query.customerId) base = base.where('e.customer_id', '=', query.customerId);
  if (query.due) base = base.where(equipmentDueFilter(query.due, c.config.reportTimeZone));
  const serial = sql`e.serial_number`;
  return listPage(c.db, base, query, {
    sortable: {
      serial: { expr: serial, emptyLast: true },
      serialNumber: { expr: serial, emptyLast: true },
      nickName: { expr: sql`lower(e.nick_name)`, emptyLast: true },
      mdmEquipmentId: { expr: sql`e.mdm_equipment_id`, emptyLast: true },
      productFamilyName: { expr: sql`lower(f.name)`, emptyLast: true },
      productModelName: { expr: sql`lower(m.name)`, emptyLast: true },
      customerName: { expr: sql`lower(c.name)`, emptyLast: true },
      // indexes equipment_next_due and equipment_next_due_desc (empty last both ways)
      nextDueOn: { expr: sql`e.next_due_on`, emptyLast: true },
    },
    defaultSort: { key: 'serial', direction: 'desc' },
    tieBreaker: sql`e.id`,
    // Nicknames ignore case and accents (search_fold, index equipment_nick_name_fold_trgm); serials and ids are codes.
    search: (p) =>
      sql<boolean>`(e.serial_number ilike ${p} or search_fold(e.nick_name) like search_fold(${p}) or e.mdm_equipment_id ilike ${p} or f.name ilike ${p} or m.name ilike ${p})`,
    // A due filter counts to 1,000 ('1,000+' beyond, as a reports search does): each match past the index range is
    // checked against its customer's today, and counting 10,000 of them was most of the filtered list's time (issue 24).
    countLimit: query.due ? DUE_FILTER_COUNT_LIMIT : undefined,
  }) as Promise<TListResponse<TEquipment>>;
}

/** GET api/v1/Equipments/{id}, with the number of inspections conducted on it (for the delete modal). */
export async function getEquipment(ctx: ServiceContext, id: string): Promise<TEquipmentDetail> {
  requirePermission(ctx, P.equipment);
  const row = await liveEquipmentRows(ctx.db).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Equipment');
  return { ...row, inspectionCount: await inspectionCountOf(ctx.db, id) };
}

export async function equipmentInspectionCount(ctx: ServiceContext, id: string): Promise<{ id: string; inspectionCount: number }> {
  return { id, inspectionCount: (await getEquipment(ctx, id)).inspectionCount };
}

/**
 * Hard cap on GET api/v1/Equipments/byproductmodel(s): up to 200 models may be asked for at once and the spec's
 * call answers a plain array (no paging), so the answer is cut at this many rows, in serial order, rather than
 * reading an unbounded number of rows. Callers needing more use the paged Equipments/query with productModelId.
 */
export const EQUIPMENT_BY_MODELS_LIMIT = 1000;

/**
 * GET api/v1/Equipments/byproductmodel/{id} and byproductmodels?productModelIds=a,b: live equipment of those models.
 * A distributor gets only its company's machines (equipmentOfCompany), in the query; staff get every machine.
 */
export async function equipmentByModels(ctx: ServiceContext, modelIds: string[]): Promise<TEquipment[]> {
  const c = requirePermission(ctx, P.equipmentChoices);
  if (!modelIds.length) return [];
  let rows = liveEquipmentRows(c.db).where('e.product_model_id', 'in', modelIds);
  if (c.actor.kind === 'distributor') rows = rows.where(equipmentOfCompany(c.actor.companyId));
  return rows
    .orderBy('e.serial_number', (ob) => ob.desc().nullsLast())
    .orderBy('e.id', 'desc')
    .limit(EQUIPMENT_BY_MODELS_LIMIT)
    .execute();
}
