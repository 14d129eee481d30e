import { sql } from 'kysely';
import { HiddenInspectionTypes, P, type TProtocolFit, type TProtocolFitQuery } from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';

const FITS = ['Equipment', 'Model', 'Family', 'Any'] as const;

/**
 * GET api/v1/InspectionProtocols/sortedByFit?type&productFamilyId&productModelId&equipmentId (001 §7; the equipment
 * parameter is ours): the live protocols that fit a machine, best fit first — one targeting this equipment, then
 * its model, then its family, then protocols without targets ('Any product'); protocols aimed at other products
 * are left out, and so are superseded versions (issue 10) and the hidden types Custom and CustomPoints (001 §1). Family and model default to the
 * equipment's, the family to the model's. Every signed-in user who works on reports may ask (distributors start
 * inspections too). At most 500, by name within a fit.
 */
export async function protocolsByFit(ctx: ServiceContext, query: TProtocolFitQuery): Promise<TProtocolFit[]> {
  const c = requirePermission(ctx, P.reports);
  let { productFamilyId: familyId = null, productModelId: modelId = null } = query;
  const equipmentId = query.equipmentId ?? null;
  if (equipmentId && (!familyId || !modelId)) {
    const e = await c.db.selectFrom('equipment').select(['product_family_id', 'product_model_id']).where('id', '=', equipmentId).executeTakeFirst();
    modelId ??= e?.product_model_id ?? null;
    familyId ??= e?.product_family_id ?? null;
  }
  if (modelId && !familyId) {
    familyId = (await c.db.selectFrom('product_models').select('product_family_id').where('id', '=', modelId).executeTakeFirst())?.product_family_id ?? null;
  }
  const rank = sql<number | null>`case
      when bool_or(t.equipment_id = ${equipmentId}::uuid) then 0
      when bool_or(t.equipment_id is null and t.product_model_id = ${modelId}::uuid) then 1
      when bool_or(t.equipment_id is null and t.product_model_id is null and t.product_family_id = ${familyId}::uuid) then 2
      when count(t.id) = 0 then 3
    end`;
  let q = c.db
    .selectFrom('protocols as p')
    .leftJoin('protocol_targets as t', 't.protocol_id', 'p.id')
    .select(['p.id', 'p.name', 'p.type', rank.as('rank')])
    .where('p.deleted_at', 'is', null)
    // Superseded versions stay with the inspections started on them; new inspections take the current version.
    .where('p.superseded_at', 'is', null)
    .where('p.type', 'not in', [...HiddenInspectionTypes])
    .groupBy('p.id')
    .having(rank, 'is not', null)
    .orderBy('rank')
    .orderBy('p.name')
    .orderBy('p.id')
    .limit(500);
  if (query.type) q = q.where('p.type', '=', query.type);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type, fit: FITS[Number(r.rank)]! }));
}
