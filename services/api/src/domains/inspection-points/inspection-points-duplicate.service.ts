import { sql } from 'kysely';
import { P, TEMP_ID_PREFIX, type TInspectionPoint, type TInspectionPointWrite } from '@insp/contracts';
import { inTransaction, requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { loadPoint } from './inspection-points.load.js';
import { insertPoint, parse, readBack } from './inspection-points-write.service.js';
import { copyTextTranslations } from './inspection-points-duplicate-translations.js';

/*
 * POST api/v1/inspectionPoints/{id}/duplicate (001 §2 'Duplicate'; the call's payload is not shown): a new point
 * named '<name> (copy)' with all the type content, metas, limits, translations and document links, every row
 * new. A predefined option group stays shared (it is referenced); a custom one is copied. Tags and images are
 * copied by value (images are immutable, so sharing the image row is safe).
 */

const COPY = ' (copy)';
const temp = (id: string) => `${TEMP_ID_PREFIX}${id}`;
const followUp = (f: { index: number; title: string; keyboardType: string; inputValidationRegexp?: string | null; validationConsequence: string; metas: unknown[] } | null | undefined) =>
  f ? { index: f.index, title: f.title, keyboardType: f.keyboardType, inputValidationRegexp: f.inputValidationRegexp, validationConsequence: f.validationConsequence, metas: f.metas } : null;

/** The point as a create payload: every id dropped, rows and fields under temporary ids so chart lines follow them. */
export function asCopy(p: TInspectionPoint): TInspectionPointWrite {
  const g = p.optionGroup;
  return {
    type: p.type,
    name: `${p.name.slice(0, 400 - COPY.length)}${COPY}`,
    description: p.description,
    productCategoryId: p.productCategoryId,
    category: p.category,
    sourceSystem: p.sourceSystem,
    contentRequired: p.contentRequired,
    keyboardType: p.keyboardType,
    inputValidationRegexp: p.inputValidationRegexp,
    validationConsequence: p.validationConsequence,
    commentField: p.commentField,
    internalCommentField: p.internalCommentField,
    ratingField: p.ratingField,
    photoField: p.photoField,
    voiceCommentField: p.voiceCommentField,
    nameOverridable: p.nameOverridable,
    metas: p.metas,
    addedDocumentIds: p.documents.map((d) => d.id),
    measurementTitle: p.measurementTitle,
    measurementUnitId: p.measurementUnitId,
    measurementLimits: p.measurementLimits.map(({ id: _id, inspectionPointId: _p, ...l }) => l),
    fieldTitle: p.fieldTitle,
    fields: p.fields.map((f) => ({ ...f, id: temp(f.id) })),
    rows: p.rows.map((r) => ({ ...r, id: temp(r.id) })),
    visualizationType: p.visualizationType,
    lifeEstimateType: p.lifeEstimateType,
    visualizationDatasets: p.visualizationDatasets.map((s) => ({ name: s.name, rowId: s.rowId ? temp(s.rowId) : null, columnId: s.columnId ? temp(s.columnId) : null })),
    inspectionPointAggregationDirection: p.inspectionPointAggregationDirection,
    optionGroup: !g
      ? null
      : g.custom
        ? { name: g.name, custom: true, options: g.options.map((o) => ({ index: o.index, name: o.name, comment: o.comment, followUpRangeValue: followUp(o.followUpRangeValue) })) }
        : { id: g.id, name: g.name, custom: false, options: [] },
    rangeValueTitle: p.rangeValueTitle,
    rangeValues: p.rangeValues.map(({ id: _id, modelIds: _m, ...r }) => r),
    multipleChoices: p.multipleChoices.map(({ id: _id, modelIds: _m, ...c }) => ({
      ...c,
      options: c.options.map((o) => ({ index: o.index, title: o.title, followUpRangeValue: followUp(o.followUpRangeValue) })),
    })),
    dropdowns: p.dropdowns.map(({ id: _id, ...d }) => ({
      ...d,
      options: d.options.map((o) => ({ index: o.index, title: o.title, imageId: o.imageId, followUpRangeValue: followUp(o.followUpRangeValue) })),
    })),
  } as TInspectionPointWrite;
}

export async function duplicatePoint(ctx: ServiceContext, id: string): Promise<TInspectionPoint> {
  const c = requirePermission(ctx, P.authoring);
  const source = await loadPoint(c.db, c.config, id);
  if (!source) throw notFound('Inspection point');
  const d = parse(asCopy(source));
  const copyId = await inTransaction(c, async (tx) => {
    const copyId = await insertPoint(tx as AuthedContext, d, [], 'duplicate', { copyOf: id });
    // Translations come along; one that was outdated stays outdated (it keeps its older time).
    const translations = [
      ...source.translations.map((t) => ({ ...t, kind: 'Name' })),
      ...source.descriptionTranslations.map((t) => ({ ...t, kind: 'Description' })),
    ].map((t) => ({ inspection_point_id: copyId, language_id: t.name, kind: t.kind, value: t.value, updated_at: t.outdated ? new Date(t.updated) : sql<Date>`now()` }));
    if (translations.length) await tx.db.insertInto('inspection_point_translations').values(translations).execute();
    await copyTextTranslations(tx.db, id, copyId);
    return copyId;
  });
  return readBack(c, copyId);
}
