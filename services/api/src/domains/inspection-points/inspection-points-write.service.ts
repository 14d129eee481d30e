import { sql } from 'kysely';
import {
  P,
  ZInspectionPointWrite,
  ZPointGeneralFieldsUpdate,
  type TInspectionPoint,
  type TInspectionPointWrite,
} from '@insp/contracts';
import { writeAuditTrail, type Db } from '@insp/db';
import { inTransaction, requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues, notFound } from '../../errors.js';
import { fingerprint, runOnce, sha256, type IdempotencyKey } from '../../lib/idempotency.js';
import { bad } from './inspection-points.children.js';
import { writeContent } from './inspection-points.content.js';
import { linkUploads, withUploads, type DocumentUpload, type StoredUpload } from './inspection-points.documents.js';
import { loadPoint } from './inspection-points.load.js';
import { applyRules, type PointData } from './inspection-points.rules.js';

/*
 * Creating and changing points (001 §4, §5, §7). Every write is one transaction with an audit_trail row
 * (entity 'inspection_point'); the point is read back after the commit.
 */

export interface WriteOptions {
  /** PUT …?deleteMissingById=true: child rows the payload omits are removed; otherwise they are kept. */
  deleteMissing: boolean;
  /** Whether the caller sent `metas` (they have no ids: a sent list replaces them); default: the key is in the input. */
  metasGiven?: boolean;
  /** Files sent as `uploadedFiles` (multipart): each becomes an uncategorized document linked to the point. */
  files?: DocumentUpload[];
}

export function parse(input: TInspectionPointWrite): PointData {
  const parsed = ZInspectionPointWrite.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  return applyRules(parsed.data);
}

const generalColumns = (d: Omit<PointData, 'type' | 'name' | 'productCategoryId'>) => ({
  content_required: d.contentRequired,
  keyboard_type: d.keyboardType,
  input_validation_regexp: d.inputValidationRegexp ?? null,
  validation_consequence: d.validationConsequence,
  comment_field_present: d.commentField.present,
  internal_comment_field_present: d.internalCommentField.present,
  rating_field_present: d.ratingField.present,
  rating_field_required: d.ratingField.present && d.ratingField.required,
  photo_field_present: d.photoField.present,
  photo_field_required: d.photoField.present && d.photoField.required,
  photo_field_only_for_failure: d.photoField.present && d.photoField.onlyForFailure,
  voice_comment_field_present: d.voiceCommentField.present,
  name_overridable: d.nameOverridable,
});

const pointColumns = (d: PointData) => ({
  ...generalColumns(d),
  type: d.type,
  name: d.name,
  description: d.description,
  product_category_id: d.productCategoryId,
  category: d.category ?? null,
  measurement_title: d.measurementTitle ?? null,
  measurement_unit_id: d.measurementUnitId ?? null,
  field_title: d.fieldTitle ?? null,
  visualization_type: d.visualizationType,
  life_estimate_type: d.lifeEstimateType,
  aggregation_direction: d.inspectionPointAggregationDirection,
  range_value_title: d.rangeValueTitle ?? null,
});

/** References the payload names must exist: 400 naming the field, never a foreign-key 500. */
async function checkReferences(db: Db, d: PointData) {
  const exists = async (table: 'product_categories' | 'units' | 'product_families' | 'product_models', id: string) =>
    !!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst());
  if (!(await exists('product_categories', d.productCategoryId))) throw bad('productCategoryId', 'no such product category');
  if (d.measurementUnitId && !(await exists('units', d.measurementUnitId))) throw bad('measurementUnitId', 'no such unit');
  const families = [...new Set(d.measurementLimits.map((l) => l.productFamilyId).filter((x): x is string => !!x))];
  const models = [...new Set(d.measurementLimits.map((l) => l.productModelId).filter((x): x is string => !!x))];
  const knownFamilies = new Set(families.length ? (await db.selectFrom('product_families').select('id').where('id', 'in', families).execute()).map((r) => r.id) : []);
  const knownModels = new Set(models.length ? (await db.selectFrom('product_models').select('id').where('id', 'in', models).execute()).map((r) => r.id) : []);
  d.measurementLimits.forEach((l, i) => {
    if (l.productFamilyId && !knownFamilies.has(l.productFamilyId)) throw bad(`measurementLimits[${i}].productFamilyId`, 'no such product family');
    if (l.productModelId && !knownModels.has(l.productModelId)) throw bad(`measurementLimits[${i}].productModelId`, 'no such product model');
  });
  for (const field of ['addedDocumentIds', 'removedDocumentIds'] as const) {
    const ids = [...new Set(d[field])];
    if (!ids.length) continue;
    // A link to a document deleted since may still be removed; only live documents are added.
    let q = db.selectFrom('documents').select('id').where('id', 'in', ids);
    if (field === 'addedDocumentIds') q = q.where('deleted_at', 'is', null);
    const found = new Set((await q.execute()).map((r) => r.id));
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw bad(field, `${missing} is not a document`);
  }
}

async function writeMetasAndLinks(db: Db, pointId: string, d: PointData, replaceMetas: boolean) {
  if (replaceMetas) {
    await db.deleteFrom('inspection_point_metas').where('inspection_point_id', '=', pointId).execute();
    if (d.metas.length) await db.insertInto('inspection_point_metas').values(d.metas.map((m) => ({ ...m, inspection_point_id: pointId, created_at: sql<Date>`clock_timestamp()` }))).execute();
  }
  // 001 §4: removing undoes an earlier add; a document both added and removed ends up removed.
  const added = d.addedDocumentIds.filter((id) => !d.removedDocumentIds.includes(id));
  if (added.length) {
    await db
      .insertInto('document_inspection_points')
      .values(added.map((document_id) => ({ document_id, inspection_point_id: pointId })))
      .onConflict((oc) => oc.columns(['inspection_point_id', 'document_id']).doNothing())
      .execute();
  }
  if (d.removedDocumentIds.length) {
    await db.deleteFrom('document_inspection_points').where('inspection_point_id', '=', pointId).where('document_id', 'in', d.removedDocumentIds).execute();
  }
}

export async function readBack(c: AuthedContext, id: string): Promise<TInspectionPoint> {
  const point = await loadPoint(c.db, c.config, id);
  if (!point) throw notFound('Inspection point');
  return point;
}

/** Inserts a new point with all its content inside the caller's transaction; temporary ids become new rows. */
export async function insertPoint(tx: AuthedContext, d: PointData, stored: StoredUpload[], action = 'create', extra: Record<string, unknown> = {}) {
  await checkReferences(tx.db, d);
  const { id } = await tx.db
    .insertInto('inspection_points')
    .values({ ...pointColumns(d), source_system: d.sourceSystem ?? null, created_by_user_id: tx.actor.userId, updated_by_user_id: tx.actor.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { groupId } = await writeContent(tx.db, id, d, { deleteMissing: true, currentGroupId: null });
  await tx.db.updateTable('inspection_points').set({ option_group_id: groupId }).where('id', '=', id).execute();
  await writeMetasAndLinks(tx.db, id, d, true);
  await linkUploads(tx, id, stored);
  await writeAuditTrail(tx.db, { entityType: 'inspection_point', entityId: id, actorUserId: tx.actor.userId, action, changes: { after: { name: d.name, type: d.type }, ...extra } });
  return id;
}

/**
 * POST api/v1/inspectionPoints. With an idempotency key (issue 19) a repeat by the same user answers the point the
 * first call made, also when the two race; the same key with another body or other files is a 409 naming the key.
 */
export async function createPoint(ctx: ServiceContext, input: TInspectionPointWrite, opts: Omit<WriteOptions, 'deleteMissing'> & { key?: IdempotencyKey } = {}): Promise<TInspectionPoint> {
  const c = requirePermission(ctx, P.authoring);
  const d = parse(input);
  const files = opts.files ?? [];
  const hash = opts.key ? fingerprint({ point: d, files: files.map((f) => ({ name: f.fileName, sha256: sha256(f.bytes) })) }) : '';
  const { id, repeated } = await runOnce({ db: c.db, userId: c.actor.userId, operation: 'inspection_point.create', key: opts.key, hash }, (claim) =>
    withUploads(c.config, files, (stored) =>
      inTransaction(c, async (tx) => {
        const created = await insertPoint(tx as AuthedContext, d, stored);
        await claim(tx.db, created);
        return created;
      }),
    ),
  );
  if (repeated && opts.key) {
    const point = await loadPoint(c.db, c.config, id);
    if (!point) throw new AppError('CONFLICT', `${opts.key.field}: the point this key created has been deleted since`, opts.key.field);
    return point;
  }
  return readBack(c, id);
}

/**
 * PUT api/v1/inspectionPoints/{id}: the payload's content replaces the point's. The name's and description's
 * change times move only when the English text changes: they make existing translations outdated.
 */
export async function updatePoint(ctx: ServiceContext, id: string, input: TInspectionPointWrite, opts: WriteOptions): Promise<TInspectionPoint> {
  const c = requirePermission(ctx, P.authoring);
  // 001 §7 sends the id in the body too: one naming another point is a mistake, not a silent redirect.
  if (input.id && input.id !== id) throw bad('id', 'differs from the id in the path');
  const d = parse({ ...input, id });
  await withUploads(c.config, opts.files ?? [], (stored) => inTransaction(c, async (tx) => {
    const before = await tx.db.selectFrom('inspection_points').selectAll().where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Inspection point');
    if (before.type !== d.type) await refuseTypeChangeOfRecordedPoint(tx.db, id);
    await checkReferences(tx.db, d);
    const { groupId } = await writeContent(tx.db, id, d, { deleteMissing: opts.deleteMissing, currentGroupId: before.option_group_id });
    await tx.db
      .updateTable('inspection_points')
      .set({
        ...pointColumns(d),
        option_group_id: groupId,
        updated_by_user_id: c.actor.userId,
        ...(before.name !== d.name ? { name_updated_at: sql`now()` } : {}),
        ...(before.description !== d.description ? { description_updated_at: sql`now()` } : {}),
      })
      .where('id', '=', id)
      .execute();
    // Metas have no ids: a payload carrying them replaces them; without deleteMissing an omitted list is kept.
    await writeMetasAndLinks(tx.db, id, d, opts.deleteMissing || (opts.metasGiven ?? Object.hasOwn(input, 'metas')));
    await linkUploads(tx, id, stored);
    await writeAuditTrail(tx.db, {
      entityType: 'inspection_point', entityId: id, actorUserId: c.actor.userId, action: 'update',
      changes: { before: { name: before.name, type: before.type, description: before.description }, after: { name: d.name, type: d.type, description: d.description }, deleteMissing: opts.deleteMissing },
    });
  }));
  return readBack(c, id);
}

/**
 * Recorded results are read by the point's type (a table, picks, range values): changing the type of a point that
 * inspections answered would make their reports drop what was recorded. Such a point is duplicated instead.
 */
async function refuseTypeChangeOfRecordedPoint(db: Db, id: string) {
  const used = await db.selectFrom('inspection_point_results').select('id').where('inspection_point_id', '=', id).limit(1).executeTakeFirst();
  if (used) throw new AppError('CONFLICT', 'inspections have recorded results for this point: its type cannot change (duplicate it instead)', 'type');
}

/** PUT api/v1/inspectionPoints/{id}/generalfields: only the common option fields (001 §2 general-fields editor). */
export async function updateGeneralFields(ctx: ServiceContext, input: unknown): Promise<TInspectionPoint> {
  const c = requirePermission(ctx, P.authoring);
  const parsed = ZPointGeneralFieldsUpdate.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const g = parsed.data;
  await inTransaction(c, async (tx) => {
    const res = await tx.db
      .updateTable('inspection_points')
      .set({ ...generalColumns(g as never), updated_by_user_id: c.actor.userId })
      .where('id', '=', g.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!res.numUpdatedRows) throw notFound('Inspection point');
    await writeAuditTrail(tx.db, { entityType: 'inspection_point', entityId: g.id, actorUserId: c.actor.userId, action: 'update_general_fields', changes: { after: g } });
  });
  return readBack(c, g.id);
}

/**
 * DELETE api/v1/inspectionPoints/{id}: a soft delete, allowed while protocols include the point (the web's
 * confirmation lists them). Protocol points keep their reference and show 'Point not found!' (001 §8); recorded
 * results keep theirs, so reports print as before.
 */
export async function deletePoint(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const c = requirePermission(ctx, P.authoring);
  await inTransaction(c, async (tx) => {
    const res = await tx.db.updateTable('inspection_points').set({ deleted_at: sql`now()`, updated_by_user_id: c.actor.userId }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!res.numUpdatedRows) throw notFound('Inspection point');
    await writeAuditTrail(tx.db, { entityType: 'inspection_point', entityId: id, actorUserId: c.actor.userId, action: 'delete', changes: {} });
  });
  return { id };
}
