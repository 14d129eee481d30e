import { sql } from 'kysely';
import type { Db } from '@insp/db';
import type { TInspectionPoint, TMeta } from '@insp/contracts';
import type { AppConfig } from '../../config.js';
import { signedImageUrl } from '../images/image-links.js';

/*
 * Reads one point with everything the editor shows (001 §3), set-based: one query per child table, never one
 * per item, so a dropdown point with hundreds of options costs the same dozen queries as a comment.
 */

/** Distinct inspections that recorded a result for the point are counted up to this many (usage in the editor). */
export const USAGE_INSPECTIONS_CAP = 10_000;

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const metasOf = (v: unknown): TMeta[] => (Array.isArray(v) ? (v as TMeta[]) : []);
const modelIdsOf = (metas: TMeta[]) => metas.filter((m) => m.type === 'ProductModel').map((m) => m.value);

type FollowUpRow = {
  id: string;
  index: number;
  title: string;
  keyboard_type: string;
  input_validation_regexp: string | null;
  validation_consequence: string;
  metas: unknown;
};

const followUpOf = (r: FollowUpRow) => ({
  id: r.id,
  index: r.index,
  title: r.title,
  keyboardType: r.keyboard_type as never,
  inputValidationRegexp: r.input_validation_regexp,
  validationConsequence: r.validation_consequence as never,
  metas: metasOf(r.metas),
});

/** Follow-up range values by id in one query (the point read, the option-group and dropdown pickers, batch updates). */
export async function followUpsById(db: Db, ids: (string | null)[]) {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  const rows: FollowUpRow[] = wanted.length
    ? await db
        .selectFrom('follow_up_range_values')
        .select(['id', 'index', 'title', 'keyboard_type', 'input_validation_regexp', 'validation_consequence', 'metas'])
        .where('id', 'in', wanted)
        .execute()
    : [];
  return new Map(rows.map((r) => [r.id, followUpOf(r)]));
}

type FollowUps = Awaited<ReturnType<typeof followUpsById>>;
const followUpIn = (map: FollowUps, id: string | null) => (id ? map.get(id) ?? null : null);

/** An option of an option group as the editor and the option-group picker read it. */
export const groupOptionOf = (o: { id: string; index: number; name: string; comment: string | null; follow_up_range_value_id: string | null }, followUps: FollowUps) => ({
  id: o.id, index: o.index, name: o.name, comment: o.comment, followUpRangeValue: followUpIn(followUps, o.follow_up_range_value_id),
});

/** A dropdown option (signed image link) as the editor and the dropdown picker read it. */
export const dropdownOptionOf = (
  config: AppConfig,
  o: { id: string; index: number; title: string; image_id: string | null; follow_up_range_value_id: string | null },
  followUps: FollowUps,
) => ({
  id: o.id,
  index: o.index,
  title: o.title,
  imageId: o.image_id,
  imageUrl: o.image_id ? signedImageUrl(config, o.image_id) : null,
  followUpRangeValue: followUpIn(followUps, o.follow_up_range_value_id),
});

/** The point (live or not, as `includeDeleted` says) in the contract's shape, or null. */
export async function loadPoint(db: Db, config: AppConfig, id: string, includeDeleted = false): Promise<TInspectionPoint | null> {
  let q = db
    .selectFrom('inspection_points as p')
    .innerJoin('product_categories as c', 'c.id', 'p.product_category_id')
    .leftJoin('units as u', 'u.id', 'p.measurement_unit_id')
    .selectAll('p')
    .select(['c.name as category_name', 'u.symbol as unit_symbol'])
    .where('p.id', '=', id);
  if (!includeDeleted) q = q.where('p.deleted_at', 'is', null);
  const p = await q.executeTakeFirst();
  if (!p) return null;

  const [metas, translations, documents, limits, fields, rows, datasets, rangeValues, choices, dropdowns, usage] = await Promise.all([
    db.selectFrom('inspection_point_metas').select(['type', 'value']).where('inspection_point_id', '=', id).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('inspection_point_translations').selectAll().where('inspection_point_id', '=', id).orderBy('language_id').execute(),
    db
      .selectFrom('document_inspection_points as l')
      .innerJoin('documents as d', 'd.id', 'l.document_id')
      .select(['d.id', 'd.name', 'd.file_type', 'd.file_size', 'd.document_category_id'])
      .where('l.inspection_point_id', '=', id)
      .where('d.deleted_at', 'is', null)
      .orderBy('d.name')
      .execute(),
    db.selectFrom('measurement_limits').selectAll().where('inspection_point_id', '=', id).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('inspection_point_fields').selectAll().where('inspection_point_id', '=', id).orderBy('index').orderBy('id').execute(),
    db.selectFrom('inspection_point_rows').selectAll().where('inspection_point_id', '=', id).orderBy('index').orderBy('id').execute(),
    db.selectFrom('inspection_point_visualization_datasets').selectAll().where('inspection_point_id', '=', id).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('range_values').selectAll().where('inspection_point_id', '=', id).orderBy('index').orderBy('id').execute(),
    db.selectFrom('multiple_choices').selectAll().where('inspection_point_id', '=', id).orderBy('index').orderBy('id').execute(),
    db.selectFrom('dropdowns').selectAll().where('inspection_point_id', '=', id).orderBy('index').orderBy('id').execute(),
    usageOf(db, id),
  ]);
  const choiceIds = choices.map((c) => c.id);
  const dropdownIds = dropdowns.map((d) => d.id);
  const [groupOptions, choiceOptions, dropdownOptions] = await Promise.all([
    p.option_group_id
      ? db.selectFrom('option_group_options').selectAll().where('option_group_id', '=', p.option_group_id).orderBy('index').orderBy('id').execute()
      : [],
    choiceIds.length ? db.selectFrom('multiple_choice_options').selectAll().where('multiple_choice_id', 'in', choiceIds).orderBy('index').orderBy('id').execute() : [],
    dropdownIds.length
      ? db
          .selectFrom('dropdown_options as o')
          .leftJoin('dropdown_batch_updates as b', (j) => j.onRef('b.id', '=', 'o.batch_update_id').on('b.status', '=', 'pending'))
          .selectAll('o')
          .select(['b.id as pending_batch_id', 'b.status as batch_status'])
          .where('o.dropdown_id', 'in', dropdownIds)
          .orderBy('o.index')
          .orderBy('o.id')
          .execute()
      : [],
  ]);
  const group = p.option_group_id
    ? await db.selectFrom('option_groups').select(['id', 'name', 'custom']).where('id', '=', p.option_group_id).executeTakeFirst()
    : undefined;
  const followUpMap = await followUpsById(db, [
    ...groupOptions.map((o) => o.follow_up_range_value_id),
    ...choiceOptions.map((o) => o.follow_up_range_value_id),
    ...dropdownOptions.map((o) => o.follow_up_range_value_id),
  ]);
  const followUp = (id: string | null) => followUpIn(followUpMap, id);

  const translation = (kind: 'Name' | 'Description', since: Date) =>
    translations
      .filter((t) => t.kind === kind)
      .map((t) => ({ id: t.id, name: t.language_id, value: t.value, updated: iso(t.updated_at), outdated: t.updated_at.getTime() < since.getTime() }));

  return {
    id: p.id,
    type: p.type as never,
    name: p.name,
    description: p.description,
    contentRequired: p.content_required,
    keyboardType: p.keyboard_type as never,
    inputValidationRegexp: p.input_validation_regexp,
    validationConsequence: p.validation_consequence as never,
    commentField: { present: p.comment_field_present },
    internalCommentField: { present: p.internal_comment_field_present },
    ratingField: { present: p.rating_field_present, required: p.rating_field_required },
    photoField: { present: p.photo_field_present, required: p.photo_field_required, onlyForFailure: p.photo_field_only_for_failure },
    voiceCommentField: { present: p.voice_comment_field_present },
    nameOverridable: p.name_overridable,
    productCategoryId: p.product_category_id,
    productCategoryName: p.category_name,
    category: p.category,
    sourceSystem: p.source_system,
    metas,
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      fileType: d.file_type,
      fileSize: Number(d.file_size),
      documentCategoryId: d.document_category_id,
    })),
    translations: translation('Name', p.name_updated_at),
    descriptionTranslations: translation('Description', p.description_updated_at),
    measurementTitle: p.measurement_title,
    measurementUnitId: p.measurement_unit_id,
    unitValue: p.unit_symbol,
    measurementLimits: limits.map((l) => ({
      id: l.id,
      inspectionPointId: l.inspection_point_id,
      productFamilyId: l.product_family_id,
      productModelId: l.product_model_id,
      criticalLow: l.critical_low,
      low: l.low,
      high: l.high,
      criticalHigh: l.critical_high,
    })),
    fieldTitle: p.field_title,
    fields: fields.map((f) => ({ id: f.id, index: f.index, title: f.title, keyboardType: f.keyboard_type as never, inspectionPointFieldAggregation: f.aggregation as never })),
    rows: rows.map((r) => ({ id: r.id, index: r.index, title: r.title, inspectionPointRowAggregation: r.aggregation as never })),
    visualizationType: p.visualization_type as never,
    lifeEstimateType: p.life_estimate_type as never,
    visualizationDatasets: datasets.map((d) => ({ id: d.id, name: d.name, rowId: d.row_id, columnId: d.field_id })),
    inspectionPointAggregationDirection: p.aggregation_direction as never,
    optionGroup: group
      ? {
          id: group.id,
          name: group.name,
          custom: group.custom,
          options: groupOptions.map((o) => groupOptionOf(o, followUpMap)),
        }
      : null,
    rangeValueTitle: p.range_value_title,
    rangeValues: rangeValues.map((r) => {
      const m = metasOf(r.metas);
      return {
        id: r.id,
        index: r.index,
        title: r.title,
        keyboardType: r.keyboard_type as never,
        inputValidationRegexp: r.input_validation_regexp,
        validationConsequence: r.validation_consequence as never,
        metas: m,
        modelIds: modelIdsOf(m),
        tags: r.tags,
      };
    }),
    multipleChoices: choices.map((c) => {
      const m = metasOf(c.metas);
      return {
        id: c.id,
        index: c.index,
        title: c.title,
        radio: c.radio,
        inputValidationRegexp: c.input_validation_regexp,
        metas: m,
        modelIds: modelIdsOf(m),
        tags: c.tags,
        options: choiceOptions
          .filter((o) => o.multiple_choice_id === c.id)
          .map((o) => ({ id: o.id, index: o.index, title: o.title, followUpRangeValue: followUp(o.follow_up_range_value_id) })),
      };
    }),
    dropdowns: dropdowns.map((d) => ({
      id: d.id,
      index: d.index,
      title: d.title,
      multiselect: d.multiselect,
      hideImages: d.hide_images,
      inputValidationRegexp: d.input_validation_regexp,
      validationConsequence: d.validation_consequence as never,
      options: dropdownOptions
        .filter((o) => o.dropdown_id === d.id)
        .map((o) => ({
          ...dropdownOptionOf(config, o, followUpMap),
          batchUpdateDetails: o.pending_batch_id ? { batchUpdateId: o.pending_batch_id, status: 'pending' as const } : null,
        })),
    })),
    created: iso(p.created_at),
    updated: iso(p.updated_at),
    usage,
  };
}

/**
 * What a destructive edit touches: distinct inspections with a result for the point (counted up to the cap, so a
 * popular point never makes the editor wait) and live protocols including it.
 */
export async function usageOf(db: Db, id: string): Promise<TInspectionPoint['usage']> {
  const [inspections, protocols] = await Promise.all([
    sql<{ n: string }>`select count(*) as n from (
        select distinct r.inspection_id from inspection_point_results r
        join inspections i on i.id = r.inspection_id and i.deleted_at is null
        where r.inspection_point_id = ${id} limit ${USAGE_INSPECTIONS_CAP + 1}) x`.execute(db),
    sql<{ n: string }>`select count(distinct pp.protocol_id) as n from protocol_points pp
        join protocols pr on pr.id = pp.protocol_id and pr.deleted_at is null and pr.superseded_at is null
        where pp.inspection_point_id = ${id}`.execute(db),
  ]);
  const n = Number(inspections.rows[0]?.n ?? 0);
  return { inspections: Math.min(n, USAGE_INSPECTIONS_CAP), inspectionsCapped: n > USAGE_INSPECTIONS_CAP, protocols: Number(protocols.rows[0]?.n ?? 0) };
}
