import { z } from 'zod';
import { ZId, ZIdempotencyKey, ZText, zText } from './common.js';
import {
  AggregationDirections,
  Aggregations,
  KeyboardTypes,
  LifeEstimateTypes,
  PointTypes,
  ValidationConsequences,
  VisualizationTypes,
} from './domain-enums.js';

/**
 * Inspection point authoring (spec 001 §3, §5, §7; issue 9). One shape both ways: the write schema is what
 * the create and update calls take (multipart form fields, nested parts as JSON text, or a JSON body), the
 * read schema is the same with every id filled in plus what the server knows (usage, documents, dates).
 *
 * Ids of nested items: a uuid is an existing row; missing or 'temp-id-…' is a new row (the editor's temporary
 * ids never reach the database, 001 §4). With `deleteMissingById=true` an update removes the rows it omits.
 */

export const TEMP_ID_PREFIX = 'temp-id-';
/** An existing row's uuid, or a new row ('temp-id-…' or nothing). */
export const ZItemId = z
  .union([z.uuid(), zText().regex(/^temp-id-[A-Za-z0-9_-]{1,64}$/, 'must be a uuid or a temp-id-… id')])
  .nullish();
export const isTempId = (id: string | null | undefined): boolean => !id || id.startsWith(TEMP_ID_PREFIX);

const name = (what: string, max = 400) => zText({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(max);
const text = (max = 4000) => ZText.max(max);
const optText = (max = 4000) => ZText.max(max).nullish();
const index = z.number().int().min(0).max(100_000);
/** A regular expression the app checks input against (free text, 001 §5); refused when it does not compile. */
export const ZRegexp = ZText.max(1000)
  .refine((s) => {
    try {
      new RegExp(s);
      return true;
    } catch {
      return false;
    }
  }, 'is not a valid regular expression')
  .nullish();

export const ZKeyboardType = z.enum(KeyboardTypes);
export const ZValidationConsequence = z.enum(ValidationConsequences);

/** Meta {type, value} (001 §3): MetaTypes in domain-enums.ts, plus free-form category metas (at most 64 characters). */
export const ZMeta = z.object({ type: name('meta type', 64), value: ZText.max(400) });
export type TMeta = z.infer<typeof ZMeta>;

/** Field configs (001 §3): 'required' and 'only for failure' only mean something when the field is present. */
export const ZFieldPresent = z.object({ present: z.boolean() });
export const ZRatingField = z.object({ present: z.boolean(), required: z.boolean() });
export const ZPhotoField = z.object({ present: z.boolean(), required: z.boolean(), onlyForFailure: z.boolean() });

/** Follow-up range value of an option: new ones have index 0, empty title, NoAction, no metas (001 §3). */
export const ZFollowUpRangeValue = z.object({
  id: ZItemId,
  index: index.default(0),
  title: text(400).default(''),
  keyboardType: ZKeyboardType.default('default'),
  inputValidationRegexp: ZRegexp,
  validationConsequence: ZValidationConsequence.default('NoAction'),
  metas: z.array(ZMeta).max(200).default([]),
});

export const ZOptionGroupOption = z.object({
  id: ZItemId,
  index: index.optional(),
  /** Options with an empty name are dropped on submit (001 §5). */
  name: text(400),
  comment: optText(),
  followUpRangeValue: ZFollowUpRangeValue.nullish(),
});
/** Predefined (custom false, shared) or custom (owned by one point). 'Customize' copies a predefined one without ids. */
export const ZOptionGroup = z.object({
  id: ZItemId,
  name: text(400).default(''),
  custom: z.boolean(),
  options: z.array(ZOptionGroupOption).max(200).default([]),
});

export const ZRangeValue = z.object({
  id: ZItemId,
  index: index.optional(),
  title: text(400).default(''),
  keyboardType: ZKeyboardType.default('default'),
  inputValidationRegexp: ZRegexp,
  validationConsequence: ZValidationConsequence.default('NoAction'),
  metas: z.array(ZMeta).max(200).default([]),
  /** Read side: model ids taken from the ProductModel metas. Ignored on write. */
  modelIds: z.array(ZText).optional(),
  tags: z.array(ZText.trim().min(1).max(100)).max(100).optional(),
});

/** Once saved, a range value keeps its title and type: only its regexp and consequence change (001 §2). */
export const ZRangeValueUpdate = z.object({ inputValidationRegexp: ZRegexp, validationConsequence: ZValidationConsequence });

export const ZChoiceOption = z.object({
  id: ZItemId,
  index: index.optional(),
  title: text(400).default(''),
  followUpRangeValue: ZFollowUpRangeValue.nullish(),
});
export const ZMultipleChoice = z.object({
  id: ZItemId,
  index: index.optional(),
  title: text(400).default(''),
  radio: z.boolean().default(false),
  inputValidationRegexp: ZRegexp,
  /** A new choice list defaults to AnyProductModel (001 §2). */
  metas: z.array(ZMeta).max(200).default([{ type: 'AnyProductModel', value: 'true' }]),
  modelIds: z.array(ZText).optional(),
  tags: z.array(ZText.trim().min(1).max(100)).max(100).optional(),
  options: z.array(ZChoiceOption).max(200).default([]),
});

export const ZBatchUpdateDetails = z.object({ batchUpdateId: ZId, status: z.enum(['pending', 'done', 'failed']) });
export const ZDropdownOption = z.object({
  id: ZItemId,
  index: index.optional(),
  title: text(400).default(''),
  imageId: ZId.nullish(),
  /** Read side: a signed link to the image. Ignored on write. */
  imageUrl: ZText.max(2000).nullish(),
  followUpRangeValue: ZFollowUpRangeValue.nullish(),
  /** Read side: set while the option is locked by a pending batch update. Ignored on write. */
  batchUpdateDetails: ZBatchUpdateDetails.nullish(),
});
export const ZDropdown = z.object({
  id: ZItemId,
  index: index.optional(),
  title: text(400).default(''),
  multiselect: z.boolean().default(false),
  hideImages: z.boolean().default(false),
  inputValidationRegexp: ZRegexp,
  validationConsequence: ZValidationConsequence.default('NoAction'),
  options: z.array(ZDropdownOption).max(500).default([]),
});

export const ZPointField = z.object({
  id: ZItemId,
  index: index.optional(),
  title: text(400).default(''),
  keyboardType: ZKeyboardType.default('default'),
  inspectionPointFieldAggregation: z.enum(Aggregations).default('No'),
});
export const ZPointRow = z.object({
  id: ZItemId,
  index: index.optional(),
  title: text(400).default(''),
  inspectionPointRowAggregation: z.enum(Aggregations).default('No'),
});
/** A chart line: one row or one column of the table (ids may be temp ids of rows/fields in the same payload). */
export const ZVisualizationDataset = z.object({
  id: ZItemId,
  name: text(400).default(''),
  rowId: ZItemId,
  columnId: ZItemId,
});

/** Four thresholds per product family or model; empty (null) is allowed (001 §2 limits editor). */
export const ZMeasurementLimitFields = z.object({
  id: ZItemId,
  inspectionPointId: ZId.nullish(),
  productFamilyId: ZId.nullish(),
  productModelId: ZId.nullish(),
  criticalLow: z.number().finite().nullish(),
  low: z.number().finite().nullish(),
  high: z.number().finite().nullish(),
  criticalHigh: z.number().finite().nullish(),
});

/** The thresholds from lowest to highest, with the words a message uses for each. */
export const LIMIT_ORDER = ['criticalLow', 'low', 'high', 'criticalHigh'] as const;
const LIMIT_WORDS = { criticalLow: 'critical low', low: 'low', high: 'high', criticalHigh: 'critical high' } as const;
type LimitValues = Partial<Record<(typeof LIMIT_ORDER)[number], number | null>>;

/**
 * Issue 19: critical low ≤ low ≤ high ≤ critical high between the thresholds that are set (null is not set, so it
 * orders nothing). Each threshold above a later one is named once, with the first later one it is above; equal
 * values are in order.
 */
export function limitOrderIssues(l: LimitValues): { field: (typeof LIMIT_ORDER)[number]; message: string }[] {
  const issues: { field: (typeof LIMIT_ORDER)[number]; message: string }[] = [];
  LIMIT_ORDER.forEach((k, i) => {
    const v = l[k];
    if (v === null || v === undefined) return;
    const above = LIMIT_ORDER.slice(i + 1).find((later) => l[later] !== null && l[later] !== undefined && v > l[later]!);
    if (above) issues.push({ field: k, message: `must not be above ${LIMIT_WORDS[above]}` });
  });
  return issues;
}

/** A superRefine for any schema carrying the four thresholds: one issue per threshold out of order, its path the field. */
export const refineLimitOrder = (l: LimitValues, ctx: z.RefinementCtx) => {
  for (const issue of limitOrderIssues(l)) ctx.addIssue({ code: 'custom', path: [issue.field], message: issue.message });
};

/** What every write takes: the fields with their order (read schemas extend ZMeasurementLimitFields, so stored rows always read). */
export const ZMeasurementLimit = ZMeasurementLimitFields.superRefine(refineLimitOrder);
export type TMeasurementLimit = z.infer<typeof ZMeasurementLimit>;

/** Translation of a name or description (001 §3): `name` is the language id. Read side only. */
export const ZPointTranslation = z.object({
  id: ZId,
  name: z.string(),
  value: z.string(),
  updated: z.string(),
  /** The English text changed after this translation was written. */
  outdated: z.boolean(),
});

/** The common option fields (also the whole body of PUT …/generalfields, plus id). */
export const ZPointGeneralFields = z.object({
  contentRequired: z.boolean().default(false),
  keyboardType: ZKeyboardType.default('default'),
  inputValidationRegexp: ZRegexp,
  validationConsequence: ZValidationConsequence.default('NoAction'),
  commentField: ZFieldPresent.default({ present: true }),
  internalCommentField: ZFieldPresent.default({ present: true }),
  ratingField: ZRatingField.default({ present: true, required: true }),
  photoField: ZPhotoField.default({ present: true, required: false, onlyForFailure: true }),
  voiceCommentField: ZFieldPresent.default({ present: true }),
  nameOverridable: z.boolean().default(false),
});
export const ZPointGeneralFieldsUpdate = ZPointGeneralFields.extend({ id: ZId });

/** Create and update body (multipart form fields or JSON). */
export const ZInspectionPointWrite = ZPointGeneralFields.extend({
  id: ZId.nullish(),
  sourceSystem: ZText.max(40).nullish(),
  type: z.enum(PointTypes),
  name: name('name'),
  description: text(8000).default(''),
  productCategoryId: z.uuid({ error: 'product category is required' }),
  category: optText(400),
  metas: z.array(ZMeta).max(2000).default([]),
  addedDocumentIds: z.array(ZId).max(500).default([]),
  removedDocumentIds: z.array(ZId).max(500).default([]),
  measurementTitle: optText(400),
  measurementUnitId: ZId.nullish(),
  measurementLimits: z.array(ZMeasurementLimit).max(2000).default([]),
  fieldTitle: optText(400),
  fields: z.array(ZPointField).max(100).default([]),
  rows: z.array(ZPointRow).max(500).default([]),
  visualizationType: z.enum(VisualizationTypes).default('NoVisualization'),
  lifeEstimateType: z.enum(LifeEstimateTypes).default('Off'),
  visualizationDatasets: z.array(ZVisualizationDataset).max(100).default([]),
  inspectionPointAggregationDirection: z.enum(AggregationDirections).default('No'),
  optionGroup: ZOptionGroup.nullish(),
  rangeValueTitle: optText(400),
  rangeValues: z.array(ZRangeValue).max(200).default([]),
  rangeValueUpdates: z.record(z.uuid(), ZRangeValueUpdate).default({}),
  multipleChoices: z.array(ZMultipleChoice).max(200).default([]),
  dropdowns: z.array(ZDropdown).max(100).default([]),
});
export type TInspectionPointWrite = z.input<typeof ZInspectionPointWrite>;
export type TInspectionPointWriteParsed = z.output<typeof ZInspectionPointWrite>;

/** tRPC create: the write plus an optional idempotency key (REST sends it as the `Idempotency-Key` header instead). */
export const ZInspectionPointCreate = ZInspectionPointWrite.extend({ clientRequestId: ZIdempotencyKey.optional() });
export type TInspectionPointCreate = z.input<typeof ZInspectionPointCreate>;

/** Nested parts a multipart body carries as JSON text (001 §7: "nested structures as JSON text fields"). */
export const POINT_JSON_FIELDS = [
  'metas', 'addedDocumentIds', 'removedDocumentIds', 'measurementLimits', 'fields', 'rows', 'visualizationDatasets',
  'optionGroup', 'rangeValues', 'rangeValueUpdates', 'multipleChoices', 'dropdowns', 'commentField',
  'internalCommentField', 'ratingField', 'photoField', 'voiceCommentField',
] as const;

export const ZPointDocument = z.object({
  id: ZId,
  name: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
  documentCategoryId: ZId.nullable(),
});

/** One point as GET …/{id}?fromWebApp=true answers. */
export const ZInspectionPoint = z.object({
  ...ZPointGeneralFields.shape,
  id: ZId,
  type: z.enum(PointTypes),
  name: z.string(),
  description: z.string(),
  productCategoryId: ZId,
  productCategoryName: z.string(),
  category: z.string().nullable(),
  sourceSystem: z.string().nullable(),
  metas: z.array(ZMeta),
  documents: z.array(ZPointDocument),
  translations: z.array(ZPointTranslation),
  descriptionTranslations: z.array(ZPointTranslation),
  measurementTitle: z.string().nullable(),
  measurementUnitId: ZId.nullable(),
  /** The unit's symbol, for showing. */
  unitValue: z.string().nullable(),
  measurementLimits: z.array(ZMeasurementLimitFields.extend({ id: ZId, inspectionPointId: ZId })),
  fieldTitle: z.string().nullable(),
  fields: z.array(ZPointField.extend({ id: ZId })),
  rows: z.array(ZPointRow.extend({ id: ZId })),
  visualizationType: z.enum(VisualizationTypes),
  lifeEstimateType: z.enum(LifeEstimateTypes),
  visualizationDatasets: z.array(ZVisualizationDataset.extend({ id: ZId })),
  inspectionPointAggregationDirection: z.enum(AggregationDirections),
  optionGroup: ZOptionGroup.extend({ id: ZId }).nullable(),
  rangeValueTitle: z.string().nullable(),
  rangeValues: z.array(ZRangeValue.extend({ id: ZId })),
  multipleChoices: z.array(ZMultipleChoice.extend({ id: ZId })),
  dropdowns: z.array(ZDropdown.extend({ id: ZId })),
  created: z.string(),
  updated: z.string(),
  /** How much a destructive edit would touch: inspections that recorded a result for it (capped), protocols using it. */
  usage: z.object({ inspections: z.number().int(), inspectionsCapped: z.boolean(), protocols: z.number().int() }),
});
export type TInspectionPoint = z.infer<typeof ZInspectionPoint>;

/** GET …/list filters (checkboxes of the point list, 001 §2): a point qualifies when it is not restricted on that axis or matches. */
export const ZInspectionPointListQuery = z.object({
  search: ZText.trim().max(200).default(''),
  offset: z.coerce.number().int().min(0).default(0),
  amount: z.coerce.number().int().min(1).max(1000).default(200),
  type: ZText.max(64).optional(),
  productFamilyIds: ZText.max(4000).optional(),
  productModelIds: ZText.max(4000).optional(),
  equipmentIds: ZText.max(4000).optional(),
  pointTypes: ZText.max(400).optional(),
  productCategoryId: ZId.optional(),
});
export type TInspectionPointListQuery = z.input<typeof ZInspectionPointListQuery>;

export const ZInspectionPointListItem = z.object({
  id: ZId,
  name: z.string(),
  type: z.enum(PointTypes),
  productCategoryId: ZId,
  familyNames: z.array(z.string()),
  /** One tag per translated language; outdated when the English name or description changed after it. */
  languages: z.array(z.object({ languageId: z.string(), outdated: z.boolean() })),
});
export type TInspectionPointListItem = z.infer<typeof ZInspectionPointListItem>;

/** Protocols that include a point (delete confirmation, GET …/{id}/protocols). */
export const ZPointProtocols = z.object({
  inspectionPointId: ZId,
  protocols: z.array(z.object({ id: ZId, name: z.string(), type: z.string() })),
  protocolNames: z.array(z.string()),
});
export type TPointProtocols = z.infer<typeof ZPointProtocols>;

/** PUT …/updatetranslations and …/updatedescriptiontranslations items; an empty text removes the translation. */
export const ZTranslationUpdate = z.object({
  id: ZId.nullish(),
  translationLanguage: ZText.min(2).max(10),
  translationText: ZText.max(8000),
});
export const ZTranslationUpdates = z.array(ZTranslationUpdate).max(50);
