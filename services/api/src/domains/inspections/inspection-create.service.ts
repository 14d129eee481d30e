import { sql } from 'kysely';
import { recordWebhookEvent, writeAuditTrail, type Db, recordedCategoryTranslations, recordedSubcategoryTranslations } from '@insp/db';
import { P, type TInspectionCreate, type TInspectionEdit } from '@insp/contracts';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { currentProtocolVersion } from '../protocols/protocols-versions.js';
import { loadInspectionEdit } from './inspection-edit.load.js';
import { badField } from './inspection-edit.save.js';
import { refreshSearchText } from './inspection-update.service.js';

/**
 * POST api/v1/inspections (field client; not shown in the spec): starts an In_Use inspection of a protocol on a
 * machine for a customer, in one transaction. The equipment is the one named by id, or matched as 000 §4 matches
 * machines (serial number, else nickname at the site) or created; family, model, serial and nickname are copied
 * onto the inspection; the protocol's categories become the inspection's; the caller is the inspector, and a
 * distributor's company owns it. Audit protocols are refused: their runs belong to an audit.
 */
export async function createInspection(ctx: ServiceContext, input: TInspectionCreate): Promise<TInspectionEdit> {
  const c = requirePermission(ctx, P.reports);
  return inTransaction(c, async (tx) => {
    const db = tx.db;
    const protocol = await currentProtocolVersion(db, input.protocolId);
    if (!protocol) throw badField('protocolId', 'protocol not found');
    if (protocol.type.startsWith('Audit_')) throw badField('protocolId', 'an audit protocol runs inside an audit, not as an inspection');
    const customer = await db.selectFrom('customers').select('id').where('id', '=', input.customerId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!customer) throw badField('customerId', 'customer not found');
    if (input.customerSiteId) {
      const site = await db.selectFrom('customer_sites').select('id').where('id', '=', input.customerSiteId).where('customer_id', '=', customer.id).where('deleted_at', 'is', null).executeTakeFirst();
      if (!site) throw badField('customerSiteId', "is not a site of the customer");
    }
    const equipment = await equipmentFor(db, input);
    const me = await db.selectFrom('users').select(['name', 'email']).where('id', '=', c.actor.userId).executeTakeFirstOrThrow();
    const now = new Date();
    const { id } = await db
      .insertInto('inspections')
      .values({
        name: protocol.name, type: protocol.type, status: 'In_Use', finished: false, protocol_id: protocol.id,
        customer_id: customer.id, customer_site_id: input.customerSiteId ?? equipment.customer_site_id, equipment_id: equipment.id,
        serial_number: equipment.serial_number, nick_name: equipment.nick_name, product_family_id: equipment.product_family_id, product_model_id: equipment.product_model_id,
        inspector: me.name, inspector_contact: me.email, inspector_user_id: c.actor.userId, created_by_user_id: c.actor.userId, updated_by_user_id: c.actor.userId,
        company_id: c.actor.kind === 'distributor' ? c.actor.companyId : null,
        inspection_date: input.inspectionDate !== undefined ? new Date(input.inspectionDate) : now, started_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`insert into inspection_categories (inspection_id, protocol_category_id, index, title, title_translations, subcategory_translations)
      select ${id}, pc.id, pc.index, pc.title, ${recordedCategoryTranslations}, ${recordedSubcategoryTranslations} from protocol_categories pc where pc.protocol_id = ${protocol.id} order by pc.index`.execute(db);
    await refreshSearchText(db, id);
    await writeAuditTrail(db, {
      entityType: 'inspection', entityId: id, actorUserId: c.actor.userId, action: 'create',
      changes: { protocolId: protocol.id, equipmentId: equipment.id, equipmentCreated: equipment.created },
    });
    await recordWebhookEvent(db, 'inspection.created', { inspectionId: id, protocolId: protocol.id, type: protocol.type, customerId: customer.id, equipmentId: equipment.id, status: 'In_Use' });
    return loadInspectionEdit(db, id, { internal: true });
  });
}

const EQUIPMENT_COLUMNS = ['id', 'customer_id', 'customer_site_id', 'serial_number', 'nick_name', 'product_family_id', 'product_model_id'] as const;

/**
 * The machine of a new inspection or audit run: by id, else matched by serial number or by nickname at the site,
 * else created for the customer and site.
 */
export async function equipmentFor(db: Db, input: Pick<TInspectionCreate, 'customerId' | 'customerSiteId' | 'equipment'>) {
  const e = input.equipment;
  const live = () => db.selectFrom('equipment').select([...EQUIPMENT_COLUMNS]).where('deleted_at', 'is', null);
  if (e.id) {
    const found = await live().where('id', '=', e.id).executeTakeFirst();
    if (!found) throw badField('equipment.id', 'equipment not found');
    if (found.customer_id && found.customer_id !== input.customerId) throw badField('equipment.id', "is another customer's equipment");
    return { ...found, created: false };
  }
  const model = await db.selectFrom('product_models').select(['id', 'product_family_id']).where('id', '=', e.productModelId!).executeTakeFirst();
  if (!model) throw badField('equipment.productModelId', 'product model not found');
  const match = async () =>
    e.serialNumber
      ? live().where('serial_number', '=', e.serialNumber).executeTakeFirst()
      : input.customerSiteId
        ? live().where('nick_name', '=', e.nickName!).where('customer_site_id', '=', input.customerSiteId).where('serial_number', 'is', null).executeTakeFirst()
        : live().where('nick_name', '=', e.nickName!).where('customer_id', '=', input.customerId).where('customer_site_id', 'is', null).where('serial_number', 'is', null).executeTakeFirst();
  const check = (found: NonNullable<Awaited<ReturnType<typeof match>>>) => {
    // Equipment matching is by serial number (000 §4); a serial of another customer or model is a mistake, not a match.
    if (found.customer_id && found.customer_id !== input.customerId) throw badField('equipment.serialNumber', "is another customer's equipment");
    if (found.product_model_id && found.product_model_id !== model.id) throw badField('equipment.productModelId', 'differs from the model of the equipment with this serial number');
    return { ...found, created: false };
  };
  const existing = await match();
  if (existing) return check(existing);
  const created = await db
    .insertInto('equipment')
    .values({
      serial_number: e.serialNumber, nick_name: e.nickName, product_family_id: model.product_family_id, product_model_id: model.id,
      customer_id: input.customerId, customer_site_id: input.customerSiteId,
    })
    // A concurrent start on the same new serial number: the other transaction's row wins and is matched below.
    .onConflict((oc) => oc.column('serial_number').where('deleted_at', 'is', null).where('serial_number', 'is not', null).doNothing())
    .returning([...EQUIPMENT_COLUMNS])
    .executeTakeFirst();
  if (created) return { ...created, created: true };
  const raced = await match();
  if (!raced) throw new Error('equipment insert conflicted but no live equipment matches');
  return check(raced);
}
