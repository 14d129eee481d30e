import { sql } from 'kysely';
import { P, ZEquipmentInput, type TEquipmentDetail, type TEquipmentInput } from '@insp/contracts';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues, notFound } from '../../errors.js';
import { foreignKeyViolationOn, uniqueViolationOn } from './equipment.queries.js';
import { getEquipment } from './equipment-read.service.js';

/*
 * Creating, editing and deleting equipment needs P.equipmentAdmin (Admin; no distributors). The spec shows
 * no equipment form, but users need one: the fields are those of the list plus customer and site.
 */

type Row = {
  serial_number: string | null;
  nick_name: string | null;
  mdm_equipment_id: string | null;
  customer_id: string | null;
  customer_site_id: string | null;
  product_family_id: string | null;
  product_model_id: string | null;
};

/**
 * Parses the input and checks its references; a model implies its family and a site its customer.
 * Runs inside the write's transaction: the customer and site rows are read FOR SHARE, so a concurrent merge or
 * soft delete (which updates those rows) either finishes first and is seen here (400), or waits for this write.
 */
async function toRow(ctx: ServiceContext, input: TEquipmentInput): Promise<Row> {
  const parsed = ZEquipmentInput.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const e = parsed.data;
  let familyId = e.productFamilyId ?? null;
  let customerId = e.customerId ?? null;
  if (e.productModelId) {
    const model = await ctx.db.selectFrom('product_models').select('product_family_id').where('id', '=', e.productModelId).executeTakeFirst();
    if (!model) throw new AppError('BAD_REQUEST', 'productModelId: no such product model', 'productModelId');
    if (familyId && familyId !== model.product_family_id) {
      throw new AppError('BAD_REQUEST', 'productModelId: the model is not of the chosen product family', 'productModelId');
    }
    familyId = model.product_family_id;
  }
  if (familyId && !(await ctx.db.selectFrom('product_families').select('id').where('id', '=', familyId).executeTakeFirst())) {
    throw new AppError('BAD_REQUEST', 'productFamilyId: no such product family', 'productFamilyId');
  }
  if (e.customerSiteId) {
    const site = await ctx.db
      .selectFrom('customer_sites')
      .select('customer_id')
      .where('id', '=', e.customerSiteId)
      .where('deleted_at', 'is', null)
      .forShare()
      .executeTakeFirst();
    if (!site) throw new AppError('BAD_REQUEST', 'customerSiteId: no such site', 'customerSiteId');
    if (customerId && customerId !== site.customer_id) {
      throw new AppError('BAD_REQUEST', 'customerSiteId: the site is not one of the chosen customer', 'customerSiteId');
    }
    customerId = site.customer_id;
  }
  if (
    customerId &&
    !(await ctx.db.selectFrom('customers').select('id').where('id', '=', customerId).where('deleted_at', 'is', null).forShare().executeTakeFirst())
  ) {
    throw new AppError('BAD_REQUEST', 'customerId: no such customer', 'customerId');
  }
  return {
    serial_number: e.serialNumber ?? null,
    nick_name: e.nickName ?? null,
    mdm_equipment_id: e.mdmEquipmentId ?? null,
    customer_id: customerId,
    customer_site_id: e.customerSiteId ?? null,
    product_family_id: familyId,
    product_model_id: e.productModelId ?? null,
  };
}

/** The input field behind each foreign-key column of equipment. */
const fieldOfColumn: Record<string, string> = {
  customer_id: 'customerId',
  customer_site_id: 'customerSiteId',
  product_family_id: 'productFamilyId',
  product_model_id: 'productModelId',
};

/**
 * Live serial numbers and MDM ids are unique (partial unique indexes, migration 0003): a clash is a 409 naming the field.
 * A reference deleted between the check in toRow and the write (23503) is the client's bad input: 400 naming the field.
 */
function conflictOf(err: unknown): never {
  const index = uniqueViolationOn(err);
  if (index === 'equipment_serial_unique') throw new AppError('CONFLICT', 'serialNumber: live equipment with this serial number exists', 'serialNumber');
  if (index === 'equipment_mdm_unique') throw new AppError('CONFLICT', 'mdmEquipmentId: live equipment with this MDM id exists', 'mdmEquipmentId');
  const column = foreignKeyViolationOn(err);
  if (column) {
    const field = fieldOfColumn[column];
    if (field) throw new AppError('BAD_REQUEST', `${field}: the referenced record no longer exists`, field);
    throw new AppError('BAD_REQUEST', 'a referenced record no longer exists');
  }
  throw err;
}

export async function createEquipment(ctx: ServiceContext, input: TEquipmentInput): Promise<TEquipmentDetail> {
  requirePermission(ctx, P.equipmentAdmin);
  const id = await inTransaction(ctx, async (tx) => {
    const row = await toRow(tx, input);
    try {
      return (await tx.db.insertInto('equipment').values(row).returning('id').executeTakeFirstOrThrow()).id;
    } catch (err) {
      conflictOf(err);
    }
  });
  return getEquipment(ctx, id);
}

/** Replaces the editable fields of live equipment. */
export async function updateEquipment(ctx: ServiceContext, id: string, input: TEquipmentInput): Promise<TEquipmentDetail> {
  requirePermission(ctx, P.equipmentAdmin);
  await inTransaction(ctx, async (tx) => {
    const row = await toRow(tx, input);
    try {
      const res = await tx.db.updateTable('equipment').set(row).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      if (!res.numUpdatedRows) throw notFound('Equipment');
    } catch (err) {
      if (err instanceof AppError) throw err;
      conflictOf(err);
    }
  });
  return getEquipment(ctx, id);
}

/**
 * DELETE api/v1/Equipments/{id}: a soft delete. Inspections conducted on the equipment keep pointing at the row
 * (their reports name its serial, family and model), so the row stays with deleted_at set and leaves every list.
 * Its serial number becomes free for new equipment (the unique index covers live rows only).
 */
export async function deleteEquipment(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  requirePermission(ctx, P.equipmentAdmin);
  const res = await ctx.db
    .updateTable('equipment')
    .set({ deleted_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!res.numUpdatedRows) throw notFound('Equipment');
  return { id };
}
