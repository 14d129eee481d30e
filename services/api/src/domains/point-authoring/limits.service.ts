import {
  isTempId,
  P,
  ZMeasurementLimitsSave,
  type TMeasurementLimitRow,
  type TMeasurementLimitsSave,
} from '@insp/contracts';
import { writeAuditTrail, type Db } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues } from '../../errors.js';
import { limitColumns } from '../inspection-points/inspection-points.content.js';
import { owns } from '../inspection-points/inspection-points.rules.js';

/*
 * POST and PUT api/v1/measurementLimits (001 §7): four thresholds per point and product family or model.
 * POST only creates (409 when the point already has a limit for that family or model); PUT updates by id, or
 * by (point, family | model) when the id is missing or temporary, creating the row when there is none.
 * The whole array is one transaction: one bad row saves nothing.
 */

const columns = [
  'id', 'inspection_point_id as inspectionPointId', 'product_family_id as productFamilyId', 'product_model_id as productModelId',
  'critical_low as criticalLow', 'low', 'high', 'critical_high as criticalHigh',
] as const;

const bad = (field: string, message: string) => new AppError('BAD_REQUEST', `${field}: ${message}`, field);

export async function saveLimits(ctx: ServiceContext, input: TMeasurementLimitsSave, mode: 'create' | 'upsert'): Promise<TMeasurementLimitRow[]> {
  const authed = requirePermission(ctx, P.authoring);
  const parsed = ZMeasurementLimitsSave.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const items = parsed.data;
  const seen = new Set<string>();
  items.forEach((l, i) => {
    if (!l.productFamilyId === !l.productModelId) throw bad(`${i}.productFamilyId`, 'give exactly one of productFamilyId and productModelId');
    const key = `${l.inspectionPointId}:${l.productFamilyId ?? ''}:${l.productModelId ?? ''}`;
    if (seen.has(key)) throw bad(`${i}.${l.productFamilyId ? 'productFamilyId' : 'productModelId'}`, 'the same point and target appear twice');
    seen.add(key);
  });

  try {
    return await inTransaction(ctx, async (tx) => {
      await checkReferences(tx.db, items);
      const saved: TMeasurementLimitRow[] = [];
      for (const [i, l] of items.entries()) {
        const values = { inspection_point_id: l.inspectionPointId, ...limitColumns(l) };
        const existing = await findExisting(tx.db, l, i, mode);
        if (existing && mode === 'create') {
          throw new AppError('CONFLICT', `${i}: the point already has a limit for this ${l.productFamilyId ? 'product family' : 'product model'}`, `${i}`);
        }
        const row = existing
          ? await tx.db.updateTable('measurement_limits').set(values).where('id', '=', existing).returning(columns).executeTakeFirstOrThrow()
          : await tx.db.insertInto('measurement_limits').values(values).returning(columns).executeTakeFirstOrThrow();
        await writeAuditTrail(tx.db, {
          entityType: 'measurement_limit', entityId: row.id, actorUserId: authed.actor.userId,
          action: existing ? 'update' : 'create', changes: values,
        });
        saved.push(row);
      }
      return saved;
    });
  } catch (err) {
    // A concurrent save of the same point and target (unique indexes of migration 0005).
    if ((err as { code?: string } | null)?.code === '23505') throw new AppError('CONFLICT', 'a limit for this point and target was saved at the same time; read again');
    throw err;
  }
}

/** The row a PUT item updates: its id when it has a real one (404 if unknown), else the point's row for that target. */
async function findExisting(db: Db, l: { id?: string | null; inspectionPointId: string; productFamilyId?: string | null; productModelId?: string | null }, i: number, mode: 'create' | 'upsert') {
  if (mode === 'upsert' && !isTempId(l.id)) {
    const byId = await db.selectFrom('measurement_limits').select(['id', 'inspection_point_id']).where('id', '=', l.id!).forUpdate().executeTakeFirst();
    if (!byId) throw new AppError('NOT_FOUND', `${i}.id: measurement limit not found`, `${i}.id`);
    if (byId.inspection_point_id !== l.inspectionPointId) throw bad(`${i}.inspectionPointId`, 'the limit belongs to another point');
    return byId.id;
  }
  let q = db.selectFrom('measurement_limits').select('id').where('inspection_point_id', '=', l.inspectionPointId);
  q = l.productFamilyId ? q.where('product_family_id', '=', l.productFamilyId) : q.where('product_model_id', '=', l.productModelId!);
  return (await q.forUpdate().executeTakeFirst())?.id ?? null;
}

/** Points must be live, families and models must exist: a 400 naming the item's field otherwise. */
async function checkReferences(db: Db, items: { inspectionPointId: string; productFamilyId?: string | null; productModelId?: string | null }[]) {
  const unique = (xs: (string | null | undefined)[]) => [...new Set(xs.filter((x): x is string => !!x))];
  const pointIds = unique(items.map((l) => l.inspectionPointId));
  const familyIds = unique(items.map((l) => l.productFamilyId));
  const modelIds = unique(items.map((l) => l.productModelId));
  // Share locks keep the point, family or model from going away before the limits commit.
  const points = new Map((await db.selectFrom('inspection_points').select(['id', 'type']).where('id', 'in', pointIds).where('deleted_at', 'is', null).forShare().execute()).map((r) => [r.id, r.type]));
  const families = new Set(familyIds.length ? (await db.selectFrom('product_families').select('id').where('id', 'in', familyIds).forShare().execute()).map((r) => r.id) : []);
  const models = new Set(modelIds.length ? (await db.selectFrom('product_models').select('id').where('id', 'in', modelIds).forShare().execute()).map((r) => r.id) : []);
  items.forEach((l, i) => {
    if (!points.has(l.inspectionPointId)) throw bad(`${i}.inspectionPointId`, 'no such inspection point');
    if (l.productFamilyId && !families.has(l.productFamilyId)) throw bad(`${i}.productFamilyId`, 'no such product family');
    if (l.productModelId && !models.has(l.productModelId)) throw bad(`${i}.productModelId`, 'no such product model');
  });
  // A point type without limits drops them at its next save (inspection-points rules): they are refused here too.
  items.forEach((l, i) => {
    if (!owns(points.get(l.inspectionPointId)!).limits) throw bad(`${i}.inspectionPointId`, 'this point type has no measurement limits');
  });
}
