import { P, type PhotoLayout, type TPointResult, type TPointResultInput, type TPointResultSaved } from '@insp/contracts';
import type { Db } from '@insp/db';
import { inTransaction, requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { readResult } from '../inspections/inspection-edit.content.js';
import { writeResults, type ResultItem } from '../inspections/inspection-edit.save.js';
import { auditChanged, requireAudit, requireRun } from './audits.access.js';

/**
 * Point results of audit runs (000 §4: without id created, with id updated), through the inspections' save
 * (inspection-edit.save.ts): content checked against the point's configuration, table aggregates recomputed,
 * photos and voice comments checked. The body is the result itself, so errors name its fields ('selection').
 */

/** POST api/v1/audits/{id}/runs/{runId}/points/{pointId}/result: pointId is a protocol point or an extra point of the run. */
export async function createAuditResult(ctx: ServiceContext, auditId: string, runId: string, pointId: string, input: TPointResultInput) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    const run = await requireRun(tx.db, auditId, runId);
    const extra = await tx.db.selectFrom('inspection_extra_points').select('id').where('id', '=', pointId).where('inspection_id', '=', runId).executeTakeFirst();
    let item: Omit<ResultItem, 'path' | 'content'>;
    if (extra) item = { extraPointId: extra.id };
    else {
      const category = await tx.db.selectFrom('protocol_points as pp')
        .innerJoin('inspection_categories as ic', 'ic.protocol_category_id', 'pp.protocol_category_id')
        .select('ic.id').where('pp.id', '=', pointId).where('ic.inspection_id', '=', runId).executeTakeFirst();
      if (!category) throw notFound('Point');
      item = { categoryId: category.id, protocolPointId: pointId };
    }
    return save(tx as AuthedContext, auditId, run, item, input, 'result.create');
  });
}

/** PUT api/v1/audits/{id}/pointResults/{resultId}: updates a result of one of the audit's runs. */
export async function updateAuditResult(ctx: ServiceContext, auditId: string, resultId: string, input: TPointResultInput) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    const r = await resultOf(tx.db, auditId, resultId);
    const run = await requireRun(tx.db, auditId, r.inspection_id);
    const item = r.extra_point_id ? { extraPointId: r.extra_point_id } : { categoryId: r.inspection_category_id!, protocolPointId: r.protocol_point_id! };
    return save(tx as AuthedContext, auditId, run, item, { ...input, id: resultId }, 'result.update');
  });
}

async function save(tx: AuthedContext, auditId: string, run: { id: string; product_family_id: string | null; product_model_id: string | null }, item: Omit<ResultItem, 'path' | 'content'>, content: TPointResultInput, action: string): Promise<TPointResultSaved> {
  let saved;
  try {
    saved = await writeResults(tx.db, tx.actor, run, [{ ...item, path: 'result', content }]);
  } catch (e) {
    // writeResults names fields from the save's top ('result.content.selection'); here the body is the result.
    if (e instanceof AppError && e.field?.startsWith('result.')) {
      const field = e.field.replace(/^result\.(content\.)?/, '');
      throw new AppError(e.code, e.message.replace(e.field, field), field);
    }
    throw e;
  }
  const id = saved[0]?.id;
  if (!id) return readResult(undefined, [], true);
  await auditChanged(tx.db, tx.actor, auditId, action, { runId: run.id, resultId: id });
  const overwritten = saved[0]?.overwritten;
  // issue 23: the body is the result itself, so the overwritten change is named 'result'
  return { ...(await loadResult(tx.db, id)), ...(overwritten ? { overwritten: [overwritten] } : {}) };
}

async function resultOf(db: Db, auditId: string, resultId: string) {
  const r = await db.selectFrom('inspection_point_results as r').innerJoin('inspections as i', 'i.id', 'r.inspection_id')
    .select(['r.id', 'r.inspection_id', 'r.inspection_category_id', 'r.protocol_point_id', 'r.extra_point_id'])
    .where('r.id', '=', resultId).where('i.audit_id', '=', auditId).where('i.deleted_at', 'is', null).executeTakeFirst();
  if (!r) throw notFound('Point result');
  return r;
}

async function loadResult(db: Db, id: string): Promise<TPointResult> {
  const [r, photos] = await Promise.all([
    db.selectFrom('inspection_point_results as r').leftJoin('users as u', 'u.id', 'r.updated_by_user_id')
      .select(['r.id', 'r.selection', 'r.value', 'r.comment', 'r.internal_comment', 'r.rating', 'r.voice_comment_id', 'r.name_override', 'r.content', 'r.version', 'r.updated_at', 'u.name as updated_by'])
      .where('r.id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('inspection_result_photos').select(['id', 'image_id as imageId', 'caption', 'layout']).where('result_id', '=', id).orderBy('position').orderBy('id').execute(),
  ]);
  return readResult(r, photos.map((p) => ({ ...p, layout: p.layout as PhotoLayout })), true);
}

/**
 * PUT api/v1/audits/{id}/pointResults/{resultId}/images/{imageId}/caption and .../layout (000 §2.6 photo settings).
 * `imageId` is the photo's image (the entry's imageId), or the photo entry's own id.
 */
export async function setAuditPhoto(ctx: ServiceContext, auditId: string, resultId: string, imageId: string, set: { caption: string } | { layout: PhotoLayout }) {
  const c = requirePermission(ctx, P.audits);
  return inTransaction(c, async (tx) => {
    await requireAudit(tx.db, auditId, { open: true });
    await resultOf(tx.db, auditId, resultId);
    const photo = await tx.db.selectFrom('inspection_result_photos').select(['id', 'image_id', 'caption', 'layout']).where('result_id', '=', resultId)
      .where((eb) => eb.or([eb('image_id', '=', imageId), eb('id', '=', imageId)])).orderBy('position').limit(1).executeTakeFirst();
    if (!photo) throw notFound('Photo');
    await tx.db.updateTable('inspection_result_photos').set(set).where('id', '=', photo.id).execute();
    await auditChanged(tx.db, c.actor, auditId, 'caption' in set ? 'photo.caption' : 'photo.layout', { resultId, photoId: photo.id });
    return { id: photo.id, imageId: photo.image_id, caption: 'caption' in set ? set.caption : photo.caption, layout: ('layout' in set ? set.layout : photo.layout) as PhotoLayout };
  });
}
