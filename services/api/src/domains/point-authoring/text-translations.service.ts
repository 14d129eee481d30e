import { sql, type RawBuilder } from 'kysely';
import {
  P, ZCategoryTitleTranslationsSave, ZPointTextTranslationsSave, readTextTranslations,
  type PointTextKind, type TCategoryTitleTranslations, type TPointText, type TextTranslations,
} from '@insp/contracts';
import { writeAuditTrail, type Db } from '@insp/db';
import type { z } from 'zod';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues, notFound } from '../../errors.js';

/**
 * Issue 19: translations of the texts a report prints beside a point's name (its Localization tab) and of the
 * reference category titles. Stored on each text's own row as `{ [language]: { text, source } }` with `source` the
 * English text of the moment (text-translations.ts in contracts); a report prints a translation only while its
 * source is still the English text. Authoring only (P.authoring, as the point's name translations).
 */

const bad = (field: string, message: string) => new AppError('BAD_REQUEST', `${field}: ${message}`, field);

/** The table and English column of each kind stored on a row of its own (the point's titles sit on the point). */
const ROW_KINDS: Record<Exclude<PointTextKind, 'measurementTitle' | 'fieldTitle' | 'rangeValueTitle'>, { table: string; column: string }> = {
  option: { table: 'option_group_options', column: 'name' },
  followUp: { table: 'follow_up_range_values', column: 'title' },
  rangeValue: { table: 'range_values', column: 'title' },
  choice: { table: 'multiple_choices', column: 'title' },
  choiceOption: { table: 'multiple_choice_options', column: 'title' },
  dropdown: { table: 'dropdowns', column: 'title' },
  dropdownOption: { table: 'dropdown_options', column: 'title' },
  field: { table: 'inspection_point_fields', column: 'title' },
  row: { table: 'inspection_point_rows', column: 'title' },
};
const OWN_COLUMNS = { measurementTitle: 'measurement_title', fieldTitle: 'field_title', rangeValueTitle: 'range_value_title' } as const;

const reads = (t: TextTranslations | undefined, english: string) =>
  Object.entries(t ?? {}).sort(([a], [b]) => a.localeCompare(b)).map(([language, x]) => ({ language, text: x.text, outdated: x.source !== english }));

/** Every translatable text of a live point, in the editor's order (own titles, options, range values, choices, dropdowns, table). */
async function textsOf(db: Db, pointId: string): Promise<TPointText[] | null> {
  const p = await db.selectFrom('inspection_points as p').leftJoin('option_groups as g', 'g.id', 'p.option_group_id')
    .select(['p.id', 'p.measurement_title', 'p.field_title', 'p.range_value_title', 'p.title_translations', 'p.option_group_id', 'g.custom', 'g.name as groupName'])
    .where('p.id', '=', pointId).where('p.deleted_at', 'is', null).executeTakeFirst();
  if (!p) return null;
  const [options, ranges, choices, dropdowns, fields, rows] = await Promise.all([
    p.option_group_id
      ? db.selectFrom('option_group_options').select(['id', 'name as title', 'translations', 'follow_up_range_value_id as followUpId'])
          .where('option_group_id', '=', p.option_group_id).orderBy('index').orderBy('id').execute()
      : Promise.resolve([]),
    db.selectFrom('range_values').select(['id', 'title', 'translations']).where('inspection_point_id', '=', pointId).orderBy('index').orderBy('id').execute(),
    db.selectFrom('multiple_choices as c').leftJoin('multiple_choice_options as o', 'o.multiple_choice_id', 'c.id')
      .select(['c.id', 'c.title', 'c.translations', 'o.id as optionId', 'o.title as optionTitle', 'o.translations as optionTranslations', 'o.follow_up_range_value_id as followUpId'])
      .where('c.inspection_point_id', '=', pointId).orderBy('c.index').orderBy('c.id').orderBy('o.index').orderBy('o.id').execute(),
    db.selectFrom('dropdowns as d').leftJoin('dropdown_options as o', 'o.dropdown_id', 'd.id')
      .select(['d.id', 'd.title', 'd.translations', 'o.id as optionId', 'o.title as optionTitle', 'o.translations as optionTranslations', 'o.follow_up_range_value_id as followUpId'])
      .where('d.inspection_point_id', '=', pointId).orderBy('d.index').orderBy('d.id').orderBy('o.index').orderBy('o.id').execute(),
    db.selectFrom('inspection_point_fields').select(['id', 'title', 'translations']).where('inspection_point_id', '=', pointId).orderBy('index').orderBy('id').execute(),
    db.selectFrom('inspection_point_rows').select(['id', 'title', 'translations']).where('inspection_point_id', '=', pointId).orderBy('index').orderBy('id').execute(),
  ]);
  const followUpIds = [...options, ...choices, ...dropdowns].map((o) => o.followUpId).filter((x): x is string => !!x);
  const followUps = new Map(
    (followUpIds.length ? await db.selectFrom('follow_up_range_values').select(['id', 'title', 'translations']).where('id', 'in', [...new Set(followUpIds)]).execute() : [])
      .map((f) => [f.id, f]),
  );
  const out: TPointText[] = [];
  const add = (kind: PointTextKind, id: string, english: string, stored: unknown, context: string, shared = false) => {
    if (!english.trim()) return; // nothing to translate
    out.push({ kind, id, english, context, shared, translations: reads(readTextTranslations(stored), english) });
  };
  const own = (p.title_translations ?? {}) as Record<string, unknown>;
  add('measurementTitle', p.id, p.measurement_title ?? '', own.measurementTitle, 'Measurement title');
  add('fieldTitle', p.id, p.field_title ?? '', own.fieldTitle, 'Table title');
  add('rangeValueTitle', p.id, p.range_value_title ?? '', own.rangeValueTitle, 'Range values title');
  const followUp = (id: string | null, of: string) => {
    const f = id ? followUps.get(id) : undefined;
    if (f) add('followUp', f.id, f.title, f.translations, `Follow-up of ${of}`);
  };
  for (const o of options) {
    add('option', o.id, o.title, o.translations, p.custom ? 'Option' : `Option of the shared group "${p.groupName ?? ''}"`, !p.custom);
    followUp(o.followUpId, `option "${o.title}"`);
  }
  for (const r of ranges) add('rangeValue', r.id, r.title, r.translations, 'Range value');
  const grouped = <T extends { id: string }>(list: T[]) => [...list.reduce((m, x) => m.set(x.id, [...(m.get(x.id) ?? []), x]), new Map<string, T[]>()).values()];
  for (const c of grouped(choices)) {
    add('choice', c[0]!.id, c[0]!.title, c[0]!.translations, 'Multiple choice');
    for (const o of c) if (o.optionId) { add('choiceOption', o.optionId, o.optionTitle ?? '', o.optionTranslations, `Choice of "${c[0]!.title}"`); followUp(o.followUpId, `choice "${o.optionTitle}"`); }
  }
  for (const d of grouped(dropdowns)) {
    add('dropdown', d[0]!.id, d[0]!.title, d[0]!.translations, 'Dropdown');
    for (const o of d) if (o.optionId) { add('dropdownOption', o.optionId, o.optionTitle ?? '', o.optionTranslations, `Option of dropdown "${d[0]!.title}"`); followUp(o.followUpId, `option "${o.optionTitle}"`); }
  }
  for (const f of fields) add('field', f.id, f.title, f.translations, 'Table field');
  for (const r of rows) add('row', r.id, r.title, r.translations, 'Table row');
  return out;
}

/** The languages items name, checked: not English (the text itself), a language of the product. */
async function checkLanguages(db: Db, items: readonly { language: string }[]) {
  const asked = [...new Set(items.map((i) => i.language))];
  const known = new Set(asked.length ? (await db.selectFrom('languages').select('id').where('id', 'in', asked).execute()).map((l) => l.id) : []);
  items.forEach((item, i) => {
    if (item.language === 'en') throw bad(`items.${i}.language`, 'English is the text itself, not a translation');
    if (!known.has(item.language)) throw bad(`items.${i}.language`, `not a language of the product (${item.language})`);
  });
}

/** The jsonb after setting (or, for a blank text, removing) one language; the source is the row's English of now. */
const setOne = (current: string, english: RawBuilder<unknown>, language: string, text: string) =>
  text
    ? sql`coalesce(${sql.ref(current)}, '{}'::jsonb) || jsonb_build_object(${language}::text, jsonb_build_object('text', ${text}::text, 'source', ${english}))`
    : sql`coalesce(${sql.ref(current)}, '{}'::jsonb) - ${language}::text`;

/** GET api/v1/inspectionPoints/{id}/texttranslations: the point's texts with their translations (outdated flagged). */
export async function pointTextTranslations(ctx: ServiceContext, pointId: string): Promise<TPointText[]> {
  requirePermission(ctx, P.authoring);
  const texts = await textsOf(ctx.db, pointId);
  if (!texts) throw notFound('Inspection point');
  return texts;
}

/**
 * PUT api/v1/inspectionPoints/{id}/texttranslations: items `{kind, id, language, text}`; an item must name a text of
 * this point (400 `items.{i}.id`), a language once per text; an empty text removes the translation. Saving a
 * translation again, unchanged, confirms it for today's English (no longer outdated). Answers the point's texts.
 */
export async function updatePointTextTranslations(ctx: ServiceContext, input: z.input<typeof ZPointTextTranslationsSave>): Promise<TPointText[]> {
  const authed = requirePermission(ctx, P.authoring);
  const parsed = ZPointTextTranslationsSave.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const { id: pointId, items } = parsed.data;
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = `${item.kind}/${item.id}/${item.language}`;
    if (seen.has(key)) throw bad(`items.${i}.language`, `${item.language} appears twice for this text`);
    seen.add(key);
  });
  return inTransaction(ctx, async (tx) => {
    // The point row is share-locked so it cannot be deleted while its texts' translations are written.
    const locked = await tx.db.selectFrom('inspection_points').select('id').where('id', '=', pointId).where('deleted_at', 'is', null).forShare().executeTakeFirst();
    if (!locked) throw notFound('Inspection point');
    const texts = await textsOf(tx.db, pointId);
    const known = new Set((texts ?? []).map((t) => `${t.kind}/${t.id}`));
    items.forEach((item, i) => {
      if (!known.has(`${item.kind}/${item.id}`)) throw bad(`items.${i}.id`, `is not a ${item.kind} text of this point`);
    });
    await checkLanguages(tx.db, items);
    for (const item of items) {
      const text = item.text.trim();
      if (item.kind === 'measurementTitle' || item.kind === 'fieldTitle' || item.kind === 'rangeValueTitle') {
        const key = item.kind;
        const inner = text
          ? sql`coalesce(title_translations -> ${key}::text, '{}'::jsonb) || jsonb_build_object(${item.language}::text, jsonb_build_object('text', ${text}::text, 'source', ${sql.ref(OWN_COLUMNS[key])}))`
          : sql`coalesce(title_translations -> ${key}::text, '{}'::jsonb) - ${item.language}::text`;
        await sql`update inspection_points set title_translations = jsonb_set(title_translations, ${sql.val([key])}::text[], ${inner}) where id = ${pointId}`.execute(tx.db);
        continue;
      }
      const { table, column } = ROW_KINDS[item.kind];
      await sql`update ${sql.table(table)} set translations = ${setOne('translations', sql.ref(column), item.language, text)} where id = ${item.id}`.execute(tx.db);
    }
    if (items.length) {
      await writeAuditTrail(tx.db, {
        entityType: 'inspection_point', entityId: pointId, actorUserId: authed.actor.userId, action: 'translations.texts',
        changes: { items: items.map((i) => ({ kind: i.kind, id: i.id, language: i.language, text: i.text.trim() || null })) },
      });
    }
    return (await textsOf(tx.db, pointId)) ?? [];
  });
}

async function categoryTitlesWithTranslations(db: Db): Promise<TCategoryTitleTranslations[]> {
  const rows = await db.selectFrom('category_titles').select(['id', 'text', 'translations']).orderBy('text').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, text: r.text, translations: reads(readTextTranslations(r.translations), r.text) }));
}

/** GET api/v1/categoryTitles/translations: the reference category titles with their translations. */
export async function categoryTitleTranslations(ctx: ServiceContext): Promise<TCategoryTitleTranslations[]> {
  requirePermission(ctx, P.authoring);
  return categoryTitlesWithTranslations(ctx.db);
}

/**
 * PUT api/v1/categoryTitles/translations: items `{categoryTitleId, language, text}` (400 `items.{i}.categoryTitleId`
 * for an unknown title); an empty text removes. A protocol category picked from a title gets its translations when
 * an inspection starts on it; a free title stays English. Answers every title.
 */
export async function updateCategoryTitleTranslations(ctx: ServiceContext, input: z.input<typeof ZCategoryTitleTranslationsSave>): Promise<TCategoryTitleTranslations[]> {
  const authed = requirePermission(ctx, P.authoring);
  const parsed = ZCategoryTitleTranslationsSave.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const { items } = parsed.data;
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const key = `${item.categoryTitleId}/${item.language}`;
    if (seen.has(key)) throw bad(`items.${i}.language`, `${item.language} appears twice for this title`);
    seen.add(key);
  });
  return inTransaction(ctx, async (tx) => {
    const ids = [...new Set(items.map((i) => i.categoryTitleId))];
    const found = new Set(ids.length ? (await tx.db.selectFrom('category_titles').select('id').where('id', 'in', ids).forUpdate().execute()).map((r) => r.id) : []);
    items.forEach((item, i) => {
      if (!found.has(item.categoryTitleId)) throw bad(`items.${i}.categoryTitleId`, 'is not a category title');
    });
    await checkLanguages(tx.db, items);
    for (const item of items) {
      await sql`update category_titles set translations = ${setOne('translations', sql.ref('text'), item.language, item.text.trim())} where id = ${item.categoryTitleId}`.execute(tx.db);
    }
    for (const id of ids) {
      await writeAuditTrail(tx.db, {
        entityType: 'category_title', entityId: id, actorUserId: authed.actor.userId, action: 'translations',
        changes: Object.fromEntries(items.filter((i) => i.categoryTitleId === id).map((i) => [i.language, i.text.trim() || null])),
      });
    }
    return categoryTitlesWithTranslations(tx.db);
  });
}
