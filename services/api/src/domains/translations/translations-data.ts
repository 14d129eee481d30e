import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TranslationKind } from '@insp/contracts';
import type { Db } from '@insp/db';
import type { WorkbookLanguage } from './translations-workbook.js';

export interface PointTexts {
  pointId: string;
  name: string;
  category: string;
  /** The point's own (English) text of the kind. */
  english: string;
  texts: Record<string, string>;
}

/**
 * The version of a row: a hash of the point's English text and every translation of the kind. An import refuses
 * a row whose point's texts no longer hash to what the export wrote (docs/decisions.md, Translations workbook):
 * unlike a timestamp it also sees a translation removed since, and no unrelated edit of the point refuses it.
 */
export function fingerprint(p: Pick<PointTexts, 'english' | 'texts'>): string {
  const h = createHash('sha256').update(p.english);
  for (const lang of Object.keys(p.texts).sort()) h.update('\0').update(lang).update('\0').update(p.texts[lang]!);
  return h.digest('base64url').slice(0, 22);
}

/** Languages a workbook has a column for: every language but English (the point's own text), in their order. */
export async function workbookLanguages(db: Db): Promise<WorkbookLanguage[]> {
  return db.selectFrom('languages').select(['id', 'name']).where('id', '!=', 'en').orderBy('position').orderBy('id').execute();
}

/**
 * The live points of the categories (or the given points) with their English text and translations of the kind,
 * by category name then point name. Two queries: the points, then their translations.
 */
export async function loadPointTexts(db: Db, kind: TranslationKind, where: { categoryIds: string[] } | { pointIds: string[] }): Promise<PointTexts[]> {
  let q = db
    .selectFrom('inspection_points as p')
    .innerJoin('product_categories as c', 'c.id', 'p.product_category_id')
    .select(['p.id', 'p.name', 'p.description', 'c.name as category'])
    .where('p.deleted_at', 'is', null);
  q = 'categoryIds' in where ? q.where('p.product_category_id', 'in', where.categoryIds) : q.where('p.id', 'in', where.pointIds);
  const points = await q.orderBy(sql`lower(c.name)`).orderBy('p.name').orderBy('p.id').execute();
  if (points.length === 0) return [];
  const byId = new Map<string, PointTexts>();
  const result = points.map((p) => {
    const row: PointTexts = { pointId: p.id, name: p.name, category: p.category, english: kind === 'Name' ? p.name : p.description, texts: {} };
    byId.set(p.id, row);
    return row;
  });
  let t = db.selectFrom('inspection_point_translations as t').select(['t.inspection_point_id', 't.language_id', 't.value']).where('t.kind', '=', kind);
  t = 'categoryIds' in where
    ? t.innerJoin('inspection_points as p', 'p.id', 't.inspection_point_id').where('p.product_category_id', 'in', where.categoryIds).where('p.deleted_at', 'is', null)
    : t.where('t.inspection_point_id', 'in', where.pointIds);
  for (const tr of await t.execute()) {
    const row = byId.get(tr.inspection_point_id);
    if (row && tr.language_id !== 'en') row.texts[tr.language_id] = tr.value;
  }
  return result;
}
