import { sql } from 'kysely';
import { P, ZPlanBulkInput, ZPlanInput, type TPlan, type TPlanBulkInput, type TPlanInput, type TPlanUpdate } from '@insp/contracts';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, badField, notFound } from '../../errors.js';
import type { Db } from '@insp/db';
import { uniqueViolationOn } from '../equipment/equipment.queries.js';
import { getPlan } from './plans-read.service.js';

/** Today in the machine's customer's time zone (or the API's REPORT_TIME_ZONE): a plan's default first due date. */
const todayOf = (defaultZone: string) =>
  sql<string>`(now() at time zone coalesce((select c.time_zone from customers c where c.id = e.customer_id), ${defaultZone}))::date`;

/** A new plan's columns (PLAN_COLUMNS' order) for each machine `e` selected: the plan's fields, its start, its maker. */
const PLAN_COLUMNS = ['equipment_id', 'inspection_type', 'protocol_id', 'grace_days', 'inspector_user_id', 'remind_customer', 'starts_on', 'created_by_user_id'] as const;
const planValues = (data: Omit<TPlanInput, 'equipmentId'> & { graceDays: number; remindCustomer: boolean }, userId: string, defaultZone: string) => [
  sql.ref('e.id').as('e'),
  sql.lit(data.inspectionType).as('t'),
  sql`${data.protocolId ?? null}::uuid`.as('p'),
  sql`${data.graceDays}::int`.as('g'),
  sql`${data.inspectorUserId ?? null}::uuid`.as('i'),
  sql`${data.remindCustomer}::boolean`.as('r'),
  (data.startsOn ? sql`${data.startsOn}::date` : todayOf(defaultZone)).as('s'),
  sql`${userId}::uuid`.as('b'),
];

/** The optional references of a plan: a live protocol of the plan's type and a live user. 400 naming the field. */
async function checkReferences(db: Db, type: string, data: { protocolId?: string | null; inspectorUserId?: string | null }) {
  if (data.protocolId) {
    const p = await db.selectFrom('protocols').select('type').where('id', '=', data.protocolId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!p) throw badField('protocolId', 'no such protocol');
    if (p.type !== type) throw badField('protocolId', `must be a protocol of type ${type} (it is ${p.type})`);
  }
  if (data.inspectorUserId) {
    const u = await db.selectFrom('users').select('id').where('id', '=', data.inspectorUserId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!u) throw badField('inspectorUserId', 'no such user');
  }
}

/** Fills a new plan's last finished and started inspection (the trigger on inspections keeps them from then on). */
const refreshPlans = (db: Db, ids: string[]) =>
  ids.length
    ? sql`select refresh_inspection_plans(equipment_id, inspection_type) from inspection_plans where id = any(${ids}::uuid[])`.execute(db)
    : Promise.resolve();

const duplicate = (type: string) => new AppError('CONFLICT', `inspectionType: this equipment already has a ${type} plan`, 'inspectionType');

/** POST api/v1/plans: a plan for one equipment. */
export async function createPlan(ctx: ServiceContext, input: TPlanInput): Promise<TPlan> {
  const c = requirePermission(ctx, P.plansManage);
  const data = ZPlanInput.parse(input);
  const id = await inTransaction(c, async (tx) => {
    const eq = await tx.db.selectFrom('equipment').select('id').where('id', '=', data.equipmentId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!eq) throw badField('equipmentId', 'no such equipment');
    await checkReferences(tx.db, data.inspectionType, data);
    try {
      const row = await tx.db
        .insertInto('inspection_plans')
        .columns([...PLAN_COLUMNS])
        .expression(
          tx.db
            .selectFrom('equipment as e')
            .where('e.id', '=', data.equipmentId)
            .select(planValues(data, c.actor.userId, c.config.reportTimeZone)),
        )
        .returning('id')
        .executeTakeFirstOrThrow();
      await refreshPlans(tx.db, [row.id]);
      return row.id;
    } catch (err) {
      if (uniqueViolationOn(err) === 'inspection_plans_equipment_type') throw duplicate(data.inspectionType);
      throw err;
    }
  });
  return getPlan(c, id);
}

/** POST api/v1/plans/bulk: a plan for every live machine at a site (of a family or model); existing plans are kept. */
export async function createPlansForSite(ctx: ServiceContext, input: TPlanBulkInput): Promise<{ created: number; skipped: number; ids: string[] }> {
  const c = requirePermission(ctx, P.plansManage);
  const data = ZPlanBulkInput.parse(input);
  return inTransaction(c, async (tx) => {
    const site = await tx.db.selectFrom('customer_sites').select('id').where('id', '=', data.customerSiteId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!site) throw badField('customerSiteId', 'no such customer site');
    await checkReferences(tx.db, data.inspectionType, data);
    let machines = tx.db.selectFrom('equipment as e').where('e.customer_site_id', '=', data.customerSiteId).where('e.deleted_at', 'is', null);
    if (data.productFamilyId) machines = machines.where('e.product_family_id', '=', data.productFamilyId);
    if (data.productModelId) machines = machines.where('e.product_model_id', '=', data.productModelId);
    const total = Number((await machines.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const rows = await tx.db
      .insertInto('inspection_plans')
      .columns([...PLAN_COLUMNS])
      .expression(
        machines.select(planValues(data, c.actor.userId, c.config.reportTimeZone)),
      )
      .onConflict((oc) => oc.columns(['equipment_id', 'inspection_type']).where('deleted_at', 'is', null).doNothing())
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    await refreshPlans(tx.db, ids);
    return { created: ids.length, skipped: total - ids.length, ids };
  });
}

/** PUT api/v1/plans/{id}. */
export async function updatePlan(ctx: ServiceContext, id: string, data: TPlanUpdate): Promise<TPlan> {
  const c = requirePermission(ctx, P.plansManage);
  await inTransaction(c, async (tx) => {
    const plan = await tx.db.selectFrom('inspection_plans').select('inspection_type').where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!plan) throw notFound('Plan');
    await checkReferences(tx.db, plan.inspection_type, data);
    await tx.db
      .updateTable('inspection_plans')
      .set({
        ...(data.protocolId !== undefined && { protocol_id: data.protocolId }),
        ...(data.graceDays !== undefined && { grace_days: data.graceDays }),
        ...(data.inspectorUserId !== undefined && { inspector_user_id: data.inspectorUserId }),
        ...(data.remindCustomer !== undefined && { remind_customer: data.remindCustomer }),
        ...(data.startsOn !== undefined && { starts_on: data.startsOn }),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  });
  return getPlan(c, id);
}

/** DELETE api/v1/plans/{id}: soft (the plan's history stays; a new plan of the type may be made). */
export async function deletePlan(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const c = requirePermission(ctx, P.plansManage);
  const row = await c.db
    .updateTable('inspection_plans')
    .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('Plan');
  return { id: row.id };
}
