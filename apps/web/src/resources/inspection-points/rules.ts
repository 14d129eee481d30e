import { ZMeasurementLimit, type AggregationDirection, type PointType, type TInspectionPoint, type TInspectionPointWrite, type TMeta } from '@insp/contracts';

/** The editor's form value: the write shape with every part the editors touch filled in. */
export type PointForm = TInspectionPointWrite;

/** Defaults of 001 §5: comment, internal comment, voice present; rating present and required; photo present, only for failure. */
export function defaultForm(type: PointType): PointForm {
  return {
    type,
    name: '',
    description: '',
    productCategoryId: '',
    contentRequired: false,
    keyboardType: 'default',
    inputValidationRegexp: '',
    validationConsequence: 'NoAction',
    commentField: { present: true },
    internalCommentField: { present: true },
    ratingField: { present: true, required: true },
    photoField: { present: true, required: false, onlyForFailure: true },
    voiceCommentField: { present: true },
    nameOverridable: false,
    metas: [{ type: 'PointType', value: 'general' }],
    addedDocumentIds: [],
    removedDocumentIds: [],
    measurementTitle: '',
    measurementUnitId: null,
    measurementLimits: [],
    fieldTitle: '',
    fields: [],
    rows: [],
    visualizationType: 'NoVisualization',
    lifeEstimateType: 'Off',
    visualizationDatasets: [],
    inspectionPointAggregationDirection: 'No',
    optionGroup: null,
    rangeValueTitle: '',
    rangeValues: [],
    rangeValueUpdates: {},
    multipleChoices: [],
    dropdowns: [],
  };
}

/** A read point as the editor's form: what the server knows only for showing (usage, documents, dates) is left out. */
/** The common option fields (PUT …/generalfields): what the general-fields editor saves apart from the content. */
export const GENERAL_FIELD_KEYS = [
  'contentRequired', 'keyboardType', 'inputValidationRegexp', 'validationConsequence', 'commentField', 'internalCommentField',
  'ratingField', 'photoField', 'voiceCommentField', 'nameOverridable',
] as const satisfies ReadonlyArray<keyof PointForm>;
export type GeneralFields = Pick<PointForm, (typeof GENERAL_FIELD_KEYS)[number]>;
export const generalFieldsOf = (f: PointForm): GeneralFields =>
  Object.fromEntries(GENERAL_FIELD_KEYS.map((k) => [k, f[k]])) as GeneralFields;

export function formOf(p: TInspectionPoint): PointForm {
  return {
    ...defaultForm(p.type),
    id: p.id,
    type: p.type,
    name: p.name,
    description: p.description,
    productCategoryId: p.productCategoryId,
    category: p.category,
    contentRequired: p.contentRequired,
    keyboardType: p.keyboardType,
    inputValidationRegexp: p.inputValidationRegexp ?? '',
    validationConsequence: p.validationConsequence,
    commentField: p.commentField,
    internalCommentField: p.internalCommentField,
    ratingField: p.ratingField,
    photoField: p.photoField,
    voiceCommentField: p.voiceCommentField,
    nameOverridable: p.nameOverridable,
    metas: p.metas,
    measurementTitle: p.measurementTitle ?? '',
    measurementUnitId: p.measurementUnitId,
    measurementLimits: p.measurementLimits,
    fieldTitle: p.fieldTitle ?? '',
    fields: p.fields,
    rows: p.rows,
    visualizationType: p.visualizationType,
    lifeEstimateType: p.lifeEstimateType,
    visualizationDatasets: p.visualizationDatasets,
    inspectionPointAggregationDirection: p.inspectionPointAggregationDirection,
    optionGroup: p.optionGroup,
    rangeValueTitle: p.rangeValueTitle ?? '',
    rangeValues: p.rangeValues,
    multipleChoices: p.multipleChoices,
    dropdowns: p.dropdowns,
  };
}

/** 001 §5: every type needs a name and a product category; then the type editor's own rule. */
export function canSave(v: PointForm, typeRule?: (v: PointForm) => boolean): boolean {
  if (!v.name.trim() || !v.productCategoryId) return false;
  return typeRule ? typeRule(v) : true;
}

// ---- Content settings (001 §5) ----------------------------------------------------------------------------

export type FieldKey = 'commentField' | 'internalCommentField' | 'ratingField' | 'photoField' | 'voiceCommentField';
export type FieldFlag = 'present' | 'required' | 'onlyForFailure';

/** Which flags each field has: voice comment has no required flag; only the photo can be "only for failure". */
export const FIELD_FLAGS: Record<FieldKey, FieldFlag[]> = {
  commentField: ['present'],
  internalCommentField: ['present'],
  ratingField: ['present', 'required'],
  photoField: ['present', 'required', 'onlyForFailure'],
  voiceCommentField: ['present'],
};

/** 'Required' and 'Only for failure' are disabled unless the field is present. */
export const flagEnabled = (v: PointForm, key: FieldKey, flag: FieldFlag): boolean =>
  flag === 'present' || !!(v[key] as { present?: boolean } | undefined)?.present;

/** Sets a flag; a field no longer present drops its required and only-for-failure flags (they mean nothing then). */
export function setFlag(v: PointForm, key: FieldKey, flag: FieldFlag, on: boolean): Partial<PointForm> {
  const cur = { ...(v[key] as Record<string, boolean>) };
  cur[flag] = on;
  if (flag === 'present' && !on) for (const f of FIELD_FLAGS[key]) if (f !== 'present') cur[f] = false;
  return { [key]: cur } as Partial<PointForm>;
}

// ---- Metadata (001 §3, §4) --------------------------------------------------------------------------------

export const metaValues = (metas: readonly TMeta[] | undefined, type: string) => (metas ?? []).filter((m) => m.type === type).map((m) => m.value);
const without = (metas: readonly TMeta[], drop: (m: TMeta) => boolean) => metas.filter((m) => !drop(m));

/**
 * Inspection types or use cases: an empty choice is 'Any' and clears the restriction flag
 * (ProtocolTypesDefined / UseCaseTypesDefined 'false'); a choice sets the flag 'true'.
 */
export function setRestriction(metas: readonly TMeta[], kind: 'ProtocolType' | 'UseCaseType', values: string[]): TMeta[] {
  const flag = kind === 'ProtocolType' ? 'ProtocolTypesDefined' : 'UseCaseTypesDefined';
  const rest = without(metas, (m) => m.type === kind || m.type === flag);
  return [...rest, ...values.map((value) => ({ type: kind, value })), { type: flag, value: values.length ? 'true' : 'false' }];
}

export interface ModelRef { id: string; productFamilyId: string }

/**
 * Families and models chosen (001 §4): removing or replacing a family or model also removes the equipment of
 * the models no longer covered; removing a family removes its models. equipmentModel maps equipment id to its model.
 */
export function setProducts(
  metas: readonly TMeta[],
  familyIds: string[],
  modelIds: string[],
  models: readonly ModelRef[],
  equipmentModel: ReadonlyMap<string, string>,
): TMeta[] {
  const familyOf = new Map(models.map((m) => [m.id, m.productFamilyId]));
  const keptModels = modelIds.filter((id) => !familyOf.has(id) || familyIds.includes(familyOf.get(id)!));
  const keptEquipment = metaValues(metas, 'Equipment').filter((e) => {
    const model = equipmentModel.get(e);
    // equipment whose model is not known yet (still loading) is kept: only a known lost model drops it
    return model === undefined || keptModels.includes(model);
  });
  const rest = without(metas, (m) => m.type === 'ProductFamily' || m.type === 'ProductModel' || m.type === 'Equipment' || m.type === 'AnyProductModel');
  return [
    ...rest,
    ...familyIds.map((value) => ({ type: 'ProductFamily', value })),
    ...keptModels.map((value) => ({ type: 'ProductModel', value })),
    ...keptEquipment.map((value) => ({ type: 'Equipment', value })),
  ];
}

export function setEquipment(metas: readonly TMeta[], equipmentIds: string[]): TMeta[] {
  return [...without(metas, (m) => m.type === 'Equipment'), ...equipmentIds.map((value) => ({ type: 'Equipment', value }))];
}

// ---- Tables (001 §4) --------------------------------------------------------------------------------------

/** No clears every field and row aggregation; Column clears field aggregations; Row clears row aggregations. */
export function setAggregationDirection(v: PointForm, dir: AggregationDirection): Partial<PointForm> {
  const clearFields = dir === 'No' || dir === 'Column';
  const clearRows = dir === 'No' || dir === 'Row';
  return {
    inspectionPointAggregationDirection: dir,
    fields: (v.fields ?? []).map((f) => (clearFields ? { ...f, inspectionPointFieldAggregation: 'No' as const } : f)),
    rows: (v.rows ?? []).map((r) => (clearRows ? { ...r, inspectionPointRowAggregation: 'No' as const } : r)),
  };
}

/** Table check of 001 §5 (shown as a hint; the save button uses only name and category there). */
export function tableProblems(v: PointForm): string[] {
  const problems: string[] = [];
  if ((v.fields ?? []).some((f) => !f.title?.trim())) problems.push('Every field needs a title.');
  if ((v.fields ?? []).filter((f) => (f.inspectionPointFieldAggregation ?? 'No') !== 'No').length > 1) problems.push('At most one field can have an aggregation.');
  if ((v.rows ?? []).filter((r) => (r.inspectionPointRowAggregation ?? 'No') !== 'No').length > 1) problems.push('At most one row can have an aggregation.');
  return problems;
}

// ---- Limits (001 §2) --------------------------------------------------------------------------------------

/** A limit input's text: empty is allowed (no limit), otherwise it must be a number. NaN marks a bad text in the form. */
export function parseLimit(text: string): number | null {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t) ? Number(t) : Number.NaN;
}
export const LIMIT_KEYS = ['criticalLow', 'low', 'high', 'criticalHigh'] as const;
type LimitKey = (typeof LIMIT_KEYS)[number];
type LimitThresholds = Partial<Record<LimitKey, number | null>>;

/**
 * Issue 19: a row's thresholds out of order (critical low ≤ low ≤ high ≤ critical high), by field, with the
 * message the server answers: the thresholds are parsed with the same schema. A text that is not a number is
 * reported by the input itself, not here.
 */
export function limitOrderMessages(l: LimitThresholds): Partial<Record<LimitKey, string>> {
  const r = ZMeasurementLimit.safeParse({ criticalLow: l.criticalLow, low: l.low, high: l.high, criticalHigh: l.criticalHigh });
  if (r.success) return {};
  const out: Partial<Record<LimitKey, string>> = {};
  for (const issue of r.error.issues) {
    const k = issue.path[0] as LimitKey;
    if (issue.code === 'custom' && LIMIT_KEYS.includes(k)) out[k] ??= issue.message;
  }
  return out;
}
/** Every limit a number or empty, and in order. */
export const limitsValid = (v: PointForm) =>
  (v.measurementLimits ?? []).every((l) => LIMIT_KEYS.every((k) => !Number.isNaN(l[k] as number)) && !Object.keys(limitOrderMessages(l)).length);

/** Items a save in edit mode would remove (001 §7 deleteMissingById): the count of nested rows gone. */
export function removedItems(before: PointForm, after: PointForm): number {
  const ids = (xs: ReadonlyArray<{ id?: string | null }> | undefined) => new Set((xs ?? []).map((x) => x.id).filter(Boolean) as string[]);
  const gone = (a: Set<string>, b: Set<string>) => [...a].filter((id) => !b.has(id)).length;
  const nested = (f: PointForm) => {
    const all: Array<{ id?: string | null }> = [
      ...(f.fields ?? []), ...(f.rows ?? []), ...(f.rangeValues ?? []), ...(f.multipleChoices ?? []), ...(f.dropdowns ?? []),
      ...(f.optionGroup?.custom ? (f.optionGroup.options ?? []) : []),
      ...(f.multipleChoices ?? []).flatMap((c) => c.options ?? []),
      ...(f.dropdowns ?? []).flatMap((d) => d.options ?? []),
      ...(f.measurementLimits ?? []),
    ];
    return ids(all);
  };
  return gone(nested(before), nested(after));
}

// ---- Documents (001 §4) -----------------------------------------------------------------------------------

/** A document can be added or marked removed; removing undoes an earlier add or removal. */
export function toggleDocument(v: PointForm, id: string, attachedOnServer: boolean): Partial<PointForm> {
  const added = v.addedDocumentIds ?? [];
  const removed = v.removedDocumentIds ?? [];
  if (added.includes(id)) return { addedDocumentIds: added.filter((x) => x !== id) };
  if (removed.includes(id)) return { removedDocumentIds: removed.filter((x) => x !== id) };
  return attachedOnServer ? { removedDocumentIds: [...removed, id] } : { addedDocumentIds: [...added, id] };
}
