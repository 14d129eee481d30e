import type { Actor, TOverwritten, TPointResultInput } from '@insp/contracts';
import type { Db } from '@insp/db';
import { sql } from 'kysely';
import { badField } from '../../errors.js';
import { isBlankInput, normalizeResult } from './inspection-edit.content.js';
import { usableImageIds, usableVoiceCommentIds, writePhotos } from './inspection-edit.files.js';
import { loadPointConfigs } from './inspection-edit.points.js';

export { badField };

/** One result to save and where it belongs: a category's protocol point, or an extra point. `path` names it in errors. */
export interface ResultItem {
  path: string;
  categoryId?: string;
  protocolPointId?: string;
  extraPointId?: string;
  /** `internalComment` undefined: kept as stored (a client sending back GET web's answer, which has none). */
  content: SaveContent;
}

export type SaveContent = Omit<TPointResultInput, 'internalComment'> & { internalComment?: string | null };

export interface SavedResult {
  /** null: the content was blank and the point had no result, so nothing was stored. */
  id: string | null;
  categoryId: string | null;
  protocolPointId: string | null;
  extraPointId: string | null;
  created: boolean;
  /** Issue 23: someone else's change this write overwrote (the stored version was newer than the sent `version`). */
  overwritten?: TOverwritten;
}

/**
 * Creates (no id) or updates (id) point results of one inspection inside the caller's transaction (000 §4).
 * Every item is checked against its point's configuration; photos, signatures and voice comments must exist and
 * be usable by the caller. The first problem throws a 400 naming the field, which rolls back everything the
 * transaction wrote so far. A result sent without id where its point already has one updates it, so a retried
 * offline save never makes a second result for the same point. A blank content without id where the point has
 * no result stores nothing (the form sends every point; an unanswered point has no result).
 */
export async function writeResults(db: Db, actor: Actor, inspection: { id: string; product_family_id: string | null; product_model_id: string | null }, items: ResultItem[]): Promise<SavedResult[]> {
  if (!items.length) return [];
  const inspectionId = inspection.id;
  const [categories, extras, existing, existingPhotos] = await Promise.all([
    db.selectFrom('inspection_categories').select(['id', 'protocol_category_id']).where('inspection_id', '=', inspectionId).execute(),
    db.selectFrom('inspection_extra_points').select(['id', 'index', 'inspection_point_id']).where('inspection_id', '=', inspectionId).execute(),
    db.selectFrom('inspection_point_results as r').leftJoin('users as u', 'u.id', 'r.updated_by_user_id')
      .select(['r.id', 'r.inspection_category_id', 'r.protocol_point_id', 'r.extra_point_id', 'r.content', 'r.version', 'r.updated_at', 'r.updated_by_user_id', 'u.name as updated_by'])
      .where('r.inspection_id', '=', inspectionId).orderBy('r.created_at').orderBy('r.id').forUpdate('r').execute(),
    db.selectFrom('inspection_result_photos as p').innerJoin('inspection_point_results as r', 'r.id', 'p.result_id').select(['p.id', 'p.result_id']).where('r.inspection_id', '=', inspectionId).execute(),
  ]);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const extraById = new Map(extras.map((e) => [e.id, e]));
  const protocolCategoryIds = categories.map((c) => c.protocol_category_id).filter((x): x is string => !!x);
  const protocolPoints = protocolCategoryIds.length
    ? await db.selectFrom('protocol_points').select(['id', 'protocol_category_id', 'inspection_point_id', 'index']).where('protocol_category_id', 'in', protocolCategoryIds).execute()
    : [];
  const ppById = new Map(protocolPoints.map((p) => [p.id, p]));
  const configs = await loadPointConfigs(
    db,
    [...protocolPoints.map((p) => p.inspection_point_id), ...extras.map((e) => e.inspection_point_id)].filter((x): x is string => !!x),
    { familyId: inspection.product_family_id, modelId: inspection.product_model_id },
  );
  const [images, voices] = await Promise.all([
    usableImageIds(db, actor, items.flatMap((i) => i.content.photos.map((p) => p.imageId))),
    usableVoiceCommentIds(db, actor, items.flatMap((i) => (i.content.voiceCommentId ? [i.content.voiceCommentId] : []))),
  ]);
  type Existing = Omit<(typeof existing)[number], 'content' | 'version' | 'updated_at' | 'updated_by_user_id' | 'updated_by'> & { content: unknown };
  const resultById = new Map<string, Existing>(existing.map((r) => [r.id, r]));
  const stamp = new Map(existing.map((r) => [r.id, r]));
  const resultAt = new Map<string, string>();
  for (const r of existing) {
    const key = r.extra_point_id ?? `${r.inspection_category_id}/${r.protocol_point_id}`;
    if (!resultAt.has(key)) resultAt.set(key, r.id);
  }
  const photoOwner = new Map(existingPhotos.map((p) => [p.id, p.result_id]));
  const out: SavedResult[] = [];

  for (const item of items) {
    const { path, content } = item;
    let place: { categoryId: string | null; protocolPointId: string | null; extraPointId: string | null; pointId: string | null; index: number };
    if (item.extraPointId) {
      const e = extraById.get(item.extraPointId);
      if (!e) throw badField(`${path}.extraPointId`, 'is not an extra point of this inspection');
      place = { categoryId: null, protocolPointId: null, extraPointId: e.id, pointId: e.inspection_point_id, index: e.index };
    } else {
      const c = categoryById.get(item.categoryId ?? '');
      if (!c) throw badField(`${path}.categoryId`, 'is not a category of this inspection');
      const pp = ppById.get(item.protocolPointId ?? '');
      if (!pp || pp.protocol_category_id !== c.protocol_category_id) throw badField(`${path}.protocolPointId`, 'is not a point of this category');
      place = { categoryId: c.id, protocolPointId: pp.id, extraPointId: null, pointId: pp.inspection_point_id, index: pp.index };
    }
    const key = place.extraPointId ?? `${place.categoryId}/${place.protocolPointId}`;
    const keepInternal = content.internalComment === undefined;
    const full: TPointResultInput = { ...content, internalComment: content.internalComment ?? null };
    if (!content.id && !resultAt.has(key) && isBlankInput(full)) {
      out.push({ id: null, categoryId: place.categoryId, protocolPointId: place.protocolPointId, extraPointId: place.extraPointId, created: false });
      continue;
    }
    let id = content.id;
    if (id) {
      const r = resultById.get(id);
      const at = r && (r.extra_point_id ?? `${r.inspection_category_id}/${r.protocol_point_id}`);
      if (at !== key) throw badField(`${path}.content.id`, 'is not the result of this point');
    } else id = resultAt.get(key);
    // The stored content is passed on so picks it recorded keep their texts (recorded results never change).
    const row = normalizeResult(place.pointId ? configs.get(place.pointId) ?? null : null, full, path, id ? resultById.get(id)?.content : undefined);
    if (row.voice_comment_id && !voices.has(row.voice_comment_id)) throw badField(`${path}.content.voiceCommentId`, 'voice comment not found');

    const values = {
      selection: row.selection, value: row.value, comment: row.comment, rating: row.rating,
      ...(keepInternal && id ? {} : { internal_comment: row.internal_comment }),
      name_override: row.name_override, voice_comment_id: row.voice_comment_id, index: place.index,
      ...(row.content ? { content: JSON.stringify(row.content) } : {}),
    };
    const created = !id;
    const overwritten = id ? overwrittenBy(stamp.get(id), content, actor, `${path}`) : undefined;
    const version = { updated_by_user_id: actor.userId, updated_at: new Date() };
    if (id) {
      await db.updateTable('inspection_point_results').set({ ...values, ...version, version: sql<number>`version + 1` }).where('id', '=', id).execute();
      stamp.delete(id);
      if (row.content) resultById.get(id)!.content = row.content;
    } else {
      id = (await db
        .insertInto('inspection_point_results')
        .values({
          ...values, ...version, inspection_id: inspectionId, inspection_category_id: place.categoryId, extra_point_id: place.extraPointId,
          protocol_point_id: place.protocolPointId, inspection_point_id: place.pointId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()).id;
      resultAt.set(key, id);
      resultById.set(id, { id, inspection_category_id: place.categoryId, protocol_point_id: place.protocolPointId, extra_point_id: place.extraPointId, content: row.content ?? {} });
    }
    await writePhotos(db, { table: 'inspection_result_photos', owner: 'result_id' }, id, content.photos, { existing: photoOwner, usable: images, path: `${path}.content`, bad: badField });
    for (const [pid, owner] of [...photoOwner]) if (owner === id) photoOwner.delete(pid);
    out.push({ id, categoryId: place.categoryId, protocolPointId: place.protocolPointId, extraPointId: place.extraPointId, created, ...(overwritten ? { overwritten } : {}) });
  }
  return out;
}

/**
 * Issue 23, two people editing: did this write overwrite someone else's change? Yes when the stored version is newer
 * than the version the client started from (`content.version`; a result sent without id where the point has one
 * started from nothing, version 0) and another user wrote it. The caller's own earlier writes are not reported
 * (an autosave after an autosave), nor writes before versions were kept (no writer recorded). Without a base
 * version and with an id nothing is known, so nothing is said (older clients).
 */
function overwrittenBy(
  stored: { id: string; version: number; updated_at: Date; updated_by_user_id: string | null; updated_by: string | null } | undefined,
  content: SaveContent,
  actor: Actor,
  field: string,
): TOverwritten | undefined {
  if (!stored) return undefined;
  const base = content.version ?? (content.id ? undefined : 0);
  if (base === undefined || stored.version <= base) return undefined;
  if (!stored.updated_by_user_id || stored.updated_by_user_id === actor.userId) return undefined;
  return { field, resultId: stored.id, version: stored.version, updatedAt: new Date(stored.updated_at).getTime(), updatedBy: stored.updated_by };
}
