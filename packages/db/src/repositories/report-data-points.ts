import type { Db } from '../client.js';

/**
 * The library parts of the points a report uses, each fetched in one set-based query over all the report's
 * points at once (never one query per point): translations, limits, option names, table structure,
 * visualization datasets, range values, multiple choices and dropdowns (each with its texts' translations, issue 19).
 */
export async function loadPointParts(
  db: Db,
  input: { pointIds: string[]; optionGroupIds: string[]; lang: string; familyId: string | null; modelId: string | null },
) {
  const { pointIds: ids, optionGroupIds, lang, familyId, modelId } = input;
  const none = Promise.resolve([]);
  const [translations, limits, options, fields, rows, datasets, rangeValues, choices, dropdowns] = await Promise.all([
    // The point's own text is English (001 §1: en is excluded from translation inputs).
    ids.length && lang !== 'en'
      ? db.selectFrom('inspection_point_translations').select(['inspection_point_id as pointId', 'kind', 'value'])
          .where('inspection_point_id', 'in', ids).where('language_id', '=', lang).execute()
      : none,
    ids.length && (familyId || modelId)
      ? db.selectFrom('measurement_limits')
          .select(['inspection_point_id as pointId', 'product_model_id as modelId', 'critical_low', 'low', 'high', 'critical_high'])
          .where('inspection_point_id', 'in', ids)
          .where((eb) => eb.or([
            ...(modelId ? [eb('product_model_id', '=', modelId)] : []),
            ...(familyId ? [eb('product_family_id', '=', familyId)] : []),
          ]))
          .execute()
      : none,
    optionGroupIds.length
      ? db.selectFrom('option_group_options').select(['option_group_id as groupId', 'name', 'translations', 'follow_up_range_value_id as followUpId'])
          .where('option_group_id', 'in', optionGroupIds).orderBy('option_group_id').orderBy('index').execute()
      : none,
    ids.length
      ? db.selectFrom('inspection_point_fields').select(['inspection_point_id as pointId', 'id', 'title', 'aggregation', 'translations'])
          .where('inspection_point_id', 'in', ids).orderBy('inspection_point_id').orderBy('index').execute()
      : none,
    ids.length
      ? db.selectFrom('inspection_point_rows').select(['inspection_point_id as pointId', 'id', 'title', 'aggregation', 'translations'])
          .where('inspection_point_id', 'in', ids).orderBy('inspection_point_id').orderBy('index').execute()
      : none,
    ids.length
      // In the order of their rows and fields, so a chart's lines follow the table.
      ? db.selectFrom('inspection_point_visualization_datasets as d')
          .leftJoin('inspection_point_rows as r', 'r.id', 'd.row_id')
          .leftJoin('inspection_point_fields as f', 'f.id', 'd.field_id')
          .select(['d.inspection_point_id as pointId', 'd.name', 'd.row_id as rowId', 'd.field_id as fieldId'])
          .where('d.inspection_point_id', 'in', ids).orderBy('d.inspection_point_id').orderBy('r.index').orderBy('f.index').orderBy('d.name').execute()
      : none,
    ids.length
      ? db.selectFrom('range_values').select(['inspection_point_id as pointId', 'id', 'title', 'translations'])
          .where('inspection_point_id', 'in', ids).orderBy('inspection_point_id').orderBy('index').execute()
      : none,
    ids.length
      ? db.selectFrom('multiple_choices as c').leftJoin('multiple_choice_options as o', 'o.multiple_choice_id', 'c.id')
          .select(['c.inspection_point_id as pointId', 'c.id', 'c.title', 'c.radio', 'o.id as optionId', 'o.title as optionTitle', 'c.translations', 'o.translations as optionTranslations',
            'o.follow_up_range_value_id as followUpId'])
          .where('c.inspection_point_id', 'in', ids).orderBy('c.inspection_point_id').orderBy('c.index').orderBy('o.index').execute()
      : none,
    ids.length
      ? db.selectFrom('dropdowns as d').leftJoin('dropdown_options as o', 'o.dropdown_id', 'd.id')
          .select(['d.inspection_point_id as pointId', 'd.id', 'd.title', 'd.multiselect', 'd.hide_images as hideImages',
            'o.id as optionId', 'o.title as optionTitle', 'o.image_id as imageId', 'd.translations', 'o.translations as optionTranslations', 'o.follow_up_range_value_id as followUpId'])
          .where('d.inspection_point_id', 'in', ids).orderBy('d.inspection_point_id').orderBy('d.index').orderBy('o.index').execute()
      : none,
  ]);
  return { translations, limits, options, fields, rows, datasets, rangeValues, choices, dropdowns };
}

export type PointParts = Awaited<ReturnType<typeof loadPointParts>>;

/** Groups rows by a key, keeping their order. */
export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
