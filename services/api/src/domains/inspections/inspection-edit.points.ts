import { groupBy, type Db } from '@insp/db';
import {
  AggregationDirections, Aggregations, KeyboardTypes, PointTypes, ValidationConsequences, readTextTranslations,
  type TEditPointConfig, type TextTranslations,
} from '@insp/contracts';

/**
 * The configuration of the library points an inspection uses (001 §3), as the edit form needs it: one set-based
 * query per part over all points at once, never a query per point. Soft-deleted library points still answer
 * (old inspections keep using them); a hard-deleted one has no configuration ('Point not found!').
 */

const pick = <T extends string>(list: readonly T[], v: unknown, fallback: T): T => ((list as readonly unknown[]).includes(v) ? (v as T) : fallback);
const keyboard = (v: unknown) => pick(KeyboardTypes, v, 'default');
const consequence = (v: unknown) => pick(ValidationConsequences, v, 'NoAction');
const agg = (v: unknown) => pick(Aggregations, v, 'No');

const group = groupBy;

type FollowUpRow = { id: string; title: string; translations?: unknown; keyboard_type: string; input_validation_regexp: string | null; validation_consequence: string };
const followUp = (r: FollowUpRow | undefined) =>
  r ? { id: r.id, title: r.title, keyboardType: keyboard(r.keyboard_type), inputValidationRegexp: r.input_validation_regexp, validationConsequence: consequence(r.validation_consequence) } : null;

export type PointTarget = { familyId: string | null; modelId: string | null };

/** Configurations by library point id; `familyId`/`modelId` pick the measurement limits (the model's win). */
export async function loadPointConfigs(db: Db, pointIds: string[], target: PointTarget): Promise<Map<string, TEditPointConfig>> {
  return (await loadPointConfigSets(db, pointIds, [target]))(target);
}

/**
 * The same for several machines at once (an audit's runs): one set of queries whatever the number of targets;
 * answers the configurations for one target (limits are the only part that differs by machine).
 */
export async function loadPointConfigSets(db: Db, pointIds: string[], targets: PointTarget[]): Promise<(target: PointTarget) => Map<string, TEditPointConfig>> {
  const ids = [...new Set(pointIds)];
  const out = new Map<string, TEditPointConfig>();
  if (!ids.length) return () => out;
  const points = await db
    .selectFrom('inspection_points as p')
    .leftJoin('units as u', 'u.id', 'p.measurement_unit_id')
    .leftJoin('option_groups as g', 'g.id', 'p.option_group_id')
    .selectAll('p')
    .select(['u.symbol as unit', 'g.name as groupName'])
    .where('p.id', 'in', ids)
    .execute();
  const groupIds = [...new Set(points.map((p) => p.option_group_id).filter((x): x is string => !!x))];
  const none = Promise.resolve([]);
  const familyIds = [...new Set(targets.map((t) => t.familyId).filter((x): x is string => !!x))];
  const modelIds = [...new Set(targets.map((t) => t.modelId).filter((x): x is string => !!x))];
  const [options, fields, rows, rangeValues, choices, dropdowns, limits] = await Promise.all([
    groupIds.length
      ? db.selectFrom('option_group_options').select(['id', 'option_group_id', 'name', 'comment', 'follow_up_range_value_id', 'translations']).where('option_group_id', 'in', groupIds).orderBy('option_group_id').orderBy('index').orderBy('id').execute()
      : none,
    db.selectFrom('inspection_point_fields').select(['id', 'inspection_point_id', 'index', 'title', 'keyboard_type', 'aggregation', 'translations']).where('inspection_point_id', 'in', ids).orderBy('inspection_point_id').orderBy('index').orderBy('id').execute(),
    db.selectFrom('inspection_point_rows').select(['id', 'inspection_point_id', 'index', 'title', 'aggregation', 'translations']).where('inspection_point_id', 'in', ids).orderBy('inspection_point_id').orderBy('index').orderBy('id').execute(),
    db.selectFrom('range_values').select(['id', 'inspection_point_id', 'index', 'title', 'keyboard_type', 'input_validation_regexp', 'validation_consequence', 'translations']).where('inspection_point_id', 'in', ids).orderBy('inspection_point_id').orderBy('index').execute(),
    db.selectFrom('multiple_choices as c').leftJoin('multiple_choice_options as o', 'o.multiple_choice_id', 'c.id')
      .select(['c.id', 'c.inspection_point_id', 'c.index', 'c.title', 'c.radio', 'c.input_validation_regexp', 'o.id as optionId', 'o.index as optionIndex', 'o.title as optionTitle', 'o.follow_up_range_value_id as followUpId', 'c.translations', 'o.translations as optionTranslations'])
      .where('c.inspection_point_id', 'in', ids).orderBy('c.inspection_point_id').orderBy('c.index').orderBy('c.id').orderBy('o.index').execute(),
    db.selectFrom('dropdowns as d').leftJoin('dropdown_options as o', 'o.dropdown_id', 'd.id')
      .select(['d.id', 'd.inspection_point_id', 'd.index', 'd.title', 'd.multiselect', 'd.hide_images', 'd.input_validation_regexp', 'd.validation_consequence',
        'o.id as optionId', 'o.index as optionIndex', 'o.title as optionTitle', 'o.image_id as imageId', 'o.follow_up_range_value_id as followUpId',
        'd.translations', 'o.translations as optionTranslations'])
      .where('d.inspection_point_id', 'in', ids).orderBy('d.inspection_point_id').orderBy('d.index').orderBy('d.id').orderBy('o.index').execute(),
    familyIds.length || modelIds.length
      ? db.selectFrom('measurement_limits').select(['inspection_point_id', 'product_family_id', 'product_model_id', 'critical_low', 'low', 'high', 'critical_high'])
          .where('inspection_point_id', 'in', ids)
          .where((eb) => eb.or([...(modelIds.length ? [eb('product_model_id', 'in', modelIds)] : []), ...(familyIds.length ? [eb('product_family_id', 'in', familyIds)] : [])]))
          .execute()
      : none,
  ]);
  const followUpIds = [...options, ...choices, ...dropdowns].map((o) => ('follow_up_range_value_id' in o ? o.follow_up_range_value_id : o.followUpId)).filter((x): x is string => !!x);
  const followUps = new Map(
    (followUpIds.length
      ? await db.selectFrom('follow_up_range_values').select(['id', 'title', 'keyboard_type', 'input_validation_regexp', 'validation_consequence', 'translations']).where('id', 'in', [...new Set(followUpIds)]).execute()
      : []
    ).map((f) => [f.id, f]),
  );
  const fu = (id: string | null) => followUp(id ? followUps.get(id) : undefined);
  const optionsBy = group(options, (o) => o.option_group_id);
  const fieldsBy = group(fields, (f) => f.inspection_point_id);
  const rowsBy = group(rows, (r) => r.inspection_point_id);
  const rangesBy = group(rangeValues, (r) => r.inspection_point_id);
  const choicesBy = group(choices, (c) => c.inspection_point_id);
  const dropdownsBy = group(dropdowns, (d) => d.inspection_point_id);
  const limitsOf = group(limits, (l) => l.inspection_point_id);

  for (const p of points) {
    // Issue 19: the translations of the point's texts by item id (its own titles by key), recorded by a save.
    const tr: Record<string, TextTranslations> = {};
    const put = (id: string | null | undefined, v: unknown) => { const t = id ? readTextTranslations(v) : undefined; if (id && t && Object.keys(t).length) tr[id] = t; };
    const own = (p.title_translations ?? {}) as Record<string, unknown>;
    for (const key of ['measurementTitle', 'fieldTitle', 'rangeValueTitle']) put(key, own[key]);
    for (const o of p.option_group_id ? optionsBy.get(p.option_group_id) ?? [] : []) { put(o.id, o.translations); put(o.follow_up_range_value_id, followUps.get(o.follow_up_range_value_id ?? '')?.translations); }
    for (const f of fieldsBy.get(p.id) ?? []) put(f.id, f.translations);
    for (const r of rowsBy.get(p.id) ?? []) put(r.id, r.translations);
    for (const r of rangesBy.get(p.id) ?? []) put(r.id, r.translations);
    for (const c of [...(choicesBy.get(p.id) ?? []), ...(dropdownsBy.get(p.id) ?? [])]) {
      put(c.id, c.translations); put(c.optionId, c.optionTranslations); put(c.followUpId, followUps.get(c.followUpId ?? '')?.translations);
    }
    out.set(p.id, {
      textTranslations: tr,
      inspectionPointId: p.id,
      type: pick(PointTypes, p.type, 'Comment'),
      name: p.name,
      description: p.description,
      nameOverridable: p.name_overridable,
      contentRequired: p.content_required,
      keyboardType: keyboard(p.keyboard_type),
      inputValidationRegexp: p.input_validation_regexp,
      validationConsequence: consequence(p.validation_consequence),
      commentField: { present: p.comment_field_present },
      internalCommentField: { present: p.internal_comment_field_present },
      ratingField: { present: p.rating_field_present, required: p.rating_field_required },
      photoField: { present: p.photo_field_present, required: p.photo_field_required, onlyForFailure: p.photo_field_only_for_failure },
      voiceCommentField: { present: p.voice_comment_field_present },
      measurementTitle: p.measurement_title,
      unitValue: p.unit,
      limits: null,
      optionGroup: p.option_group_id
        ? {
            id: p.option_group_id,
            name: p.groupName ?? '',
            options: (optionsBy.get(p.option_group_id) ?? []).map((o) => ({ id: o.id, name: o.name, comment: o.comment, followUpRangeValue: fu(o.follow_up_range_value_id) })),
          }
        : null,
      fieldTitle: p.field_title,
      inspectionPointAggregationDirection: pick(AggregationDirections, p.aggregation_direction, 'No'),
      fields: (fieldsBy.get(p.id) ?? []).map((f) => ({ id: f.id, index: f.index, title: f.title, keyboardType: keyboard(f.keyboard_type), inspectionPointFieldAggregation: agg(f.aggregation) })),
      rows: (rowsBy.get(p.id) ?? []).map((r) => ({ id: r.id, index: r.index, title: r.title, inspectionPointRowAggregation: agg(r.aggregation) })),
      rangeValueTitle: p.range_value_title,
      rangeValues: (rangesBy.get(p.id) ?? []).map((r) => ({ ...followUp(r)!, index: r.index })),
      multipleChoices: [...group(choicesBy.get(p.id) ?? [], (c) => c.id).values()].map((opts) => ({
        id: opts[0]!.id, index: opts[0]!.index, title: opts[0]!.title, radio: opts[0]!.radio, inputValidationRegexp: opts[0]!.input_validation_regexp,
        options: opts.filter((o) => o.optionId).map((o) => ({ id: o.optionId!, index: o.optionIndex ?? 0, title: o.optionTitle ?? '', followUpRangeValue: fu(o.followUpId) })),
      })),
      dropdowns: [...group(dropdownsBy.get(p.id) ?? [], (d) => d.id).values()].map((opts) => ({
        id: opts[0]!.id, index: opts[0]!.index, title: opts[0]!.title, multiselect: opts[0]!.multiselect, hideImages: opts[0]!.hide_images,
        inputValidationRegexp: opts[0]!.input_validation_regexp, validationConsequence: consequence(opts[0]!.validation_consequence),
        options: opts.filter((o) => o.optionId).map((o) => ({ id: o.optionId!, index: o.optionIndex ?? 0, title: o.optionTitle ?? '', imageId: o.imageId, followUpRangeValue: fu(o.followUpId) })),
      })),
    });
  }
  const byTarget = new Map<string, Map<string, TEditPointConfig>>();
  return (target) => {
    const key = `${target.familyId}/${target.modelId}`;
    let configs = byTarget.get(key);
    if (!configs) {
      configs = new Map(out);
      for (const [pointId, list] of limitsOf) {
        // The model's limits win over the family's.
        const lim = list.find((l) => target.modelId && l.product_model_id === target.modelId) ?? list.find((l) => target.familyId && l.product_family_id === target.familyId && !l.product_model_id);
        const base = out.get(pointId);
        if (lim && base) configs.set(pointId, { ...base, limits: { criticalLow: lim.critical_low, low: lim.low, high: lim.high, criticalHigh: lim.critical_high } });
      }
      byTarget.set(key, configs);
    }
    return configs;
  };
}

/** The configuration shown for a protocol point whose library point was hard-deleted ('Point not found!', 001 §2). */
export function missingPointConfig(name: string | null): TEditPointConfig {
  const off = { present: false };
  return {
    inspectionPointId: null, type: 'Comment', name: name ?? '', description: '', nameOverridable: false, contentRequired: false,
    keyboardType: 'default', inputValidationRegexp: null, validationConsequence: 'NoAction',
    commentField: { present: true }, internalCommentField: { present: true }, ratingField: { present: true, required: false },
    photoField: { present: true, required: false, onlyForFailure: false }, voiceCommentField: off,
    measurementTitle: null, unitValue: null, limits: null, optionGroup: null, fieldTitle: null, inspectionPointAggregationDirection: 'No',
    fields: [], rows: [], rangeValueTitle: null, rangeValues: [], multipleChoices: [], dropdowns: [],
  };
}
