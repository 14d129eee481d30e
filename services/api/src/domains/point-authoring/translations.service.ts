import { sql } from 'kysely';
import { P, ZTranslationUpdates, type TranslationKind } from '@insp/contracts';
import { writeAuditTrail, type Db } from '@insp/db';
import type { z } from 'zod';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues, notFound } from '../../errors.js';

export interface PointTranslationRead {
  id: string;
  name: string;
  value: string;
  updated: string;
  outdated: boolean;
}

const bad = (field: string, message: string) => new AppError('BAD_REQUEST', `${field}: ${message}`, field);

/**
 * PUT api/v1/inspectionPoints/{id}/updatetranslations (kind Name) and …/updatedescriptiontranslations (kind
 * Description), 001 §7. Each item is keyed by its language (the item's id is not needed: a point has one
 * translation per kind and language). English is the point's own text and is refused; an empty text removes
 * that translation. Answers every translation of that kind with `outdated` (written before the English text
 * last changed).
 */
export async function updateTranslations(
  ctx: ServiceContext,
  pointId: string,
  kind: TranslationKind,
  input: z.input<typeof ZTranslationUpdates>,
): Promise<PointTranslationRead[]> {
  const authed = requirePermission(ctx, P.authoring);
  const parsed = ZTranslationUpdates.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const items = parsed.data;
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const field = `${i}.translationLanguage`;
    if (item.translationLanguage === 'en') throw bad(field, "English is the point's own text, not a translation");
    if (seen.has(item.translationLanguage)) throw bad(field, `${item.translationLanguage} appears twice`);
    seen.add(item.translationLanguage);
  });

  return inTransaction(ctx, async (tx) => {
    // The point row is share-locked so it cannot be deleted while its translations are written.
    const point = await tx.db.selectFrom('inspection_points').select('id').where('id', '=', pointId).where('deleted_at', 'is', null).forShare().executeTakeFirst();
    if (!point) throw notFound('Inspection point');
    if (items.length) {
      const known = new Set((await tx.db.selectFrom('languages').select('id').where('id', 'in', [...seen]).execute()).map((l) => l.id));
      items.forEach((item, i) => {
        if (!known.has(item.translationLanguage)) throw bad(`${i}.translationLanguage`, `not a language of the product (${item.translationLanguage})`);
      });
    }
    const changes: Record<string, string | null> = {};
    for (const item of items) {
      const text = item.translationText.trim();
      changes[item.translationLanguage] = text || null;
      if (!text) {
        await tx.db
          .deleteFrom('inspection_point_translations')
          .where('inspection_point_id', '=', pointId)
          .where('kind', '=', kind)
          .where('language_id', '=', item.translationLanguage)
          .execute();
        continue;
      }
      // Saving a translation again (even unchanged) confirms it: updated_at moves on, so it is no longer outdated.
      await tx.db
        .insertInto('inspection_point_translations')
        .values({ inspection_point_id: pointId, kind, language_id: item.translationLanguage, value: text })
        .onConflict((oc) => oc.columns(['inspection_point_id', 'kind', 'language_id']).doUpdateSet({ value: text, updated_at: sql`now()` }))
        .execute();
    }
    if (items.length) {
      await writeAuditTrail(tx.db, { entityType: 'inspection_point', entityId: pointId, actorUserId: authed.actor.userId, action: `translations.${kind}`, changes });
    }
    return translationsOf(tx.db, pointId, kind);
  });
}

/** A point's translations of one kind, by language, with the outdated flag (001 §2 list tags, §3). */
export async function translationsOf(db: Db, pointId: string, kind: TranslationKind): Promise<PointTranslationRead[]> {
  const englishChanged = kind === 'Name' ? sql.ref('p.name_updated_at') : sql.ref('p.description_updated_at');
  const rows = await db
    .selectFrom('inspection_point_translations as t')
    .innerJoin('inspection_points as p', 'p.id', 't.inspection_point_id')
    .select(['t.id', 't.language_id', 't.value', 't.updated_at', sql<boolean>`t.updated_at < ${englishChanged}`.as('outdated')])
    .where('t.inspection_point_id', '=', pointId)
    .where('t.kind', '=', kind)
    .orderBy('t.language_id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.language_id, value: r.value, updated: new Date(r.updated_at).toISOString(), outdated: r.outdated }));
}
