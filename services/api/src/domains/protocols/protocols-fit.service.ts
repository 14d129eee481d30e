import { sql } from 'kysely';
import { HiddenInspectionTypes, P, type TProtocolFit, type TProtocolFitQuery } from '@insp/contracts';
import type { Db } from '@insp/db';
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
  const rows = await fitQuery(c.db, { equipmentId, modelId, familyId, type: query.type ?? null }).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, type: r.type, fit: FITS[Number(r.rank)]! }));
}

/**
 * The fit query, apart so the benchmark runs the same SQL directly. Only the targets that match are read (the family,
 * model and equipment indexes of protocol_targets); a protocol's rank is its best-matching target's, so a protocol
 * aimed at this machine and others still fits. Protocols without targets are 'Any' (protocols.has_targets, migration 0017).
 */
export function fitQuery(db: Db, m: { equipmentId: string | null; modelId: string | null; familyId: string | null; type: string | null }) {
  const { equipmentId, modelId, familyId } = m;
  const query = sql<{ id: string; name: string; type: string; rank: number }>`
    with matched as (
      select t.protocol_id, min(case
          when t.equipment_id = ${equipmentId}::uuid then 0
          when t.equipment_id is null and t.product_model_id = ${modelId}::uuid then 1
          else 2 end) as rank
      from protocol_targets t
      where t.equipment_id = ${equipmentId}::uuid
         or (t.equipment_id is null and t.product_model_id = ${modelId}::uuid)
         or (t.equipment_id is null and t.product_model_id is null and t.product_family_id = ${familyId}::uuid)
      group by t.protocol_id
    )
    select p.id, p.name, p.type, coalesce(mt.rank, 3) as rank
    from protocols p
    left join matched mt on mt.protocol_id = p.id
    where p.deleted_at is null
      -- Superseded versions stay with the inspections started on them; new inspections take the current version.
      and p.superseded_at is null
      -- A copy not yet saved under its own name is no protocol to run (issue 19).
      and not p.draft
      and p.type not in (${sql.join([...HiddenInspectionTypes])})
      and (${m.type}::text is null or p.type = ${m.type}::text)
      and (mt.rank is not null or not p.has_targets)
    order by rank, p.name, p.id
    limit 500`;
  return { execute: async () => (await query.execute(db)).rows, compile: () => query.compile(db) };
}
