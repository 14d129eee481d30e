import { z } from 'zod';
import { ZId, ZText, zText } from './common.js';
import { TranslationKinds } from './domain-enums.js';
import {
  ZBatchUpdateDetails,
  ZFollowUpRangeValue,
  ZMeasurementLimitFields,
  refineLimitOrder,
  ZTranslationUpdates,
} from './inspection-points.js';

/**
 * The calls around point authoring that are not the point itself (spec 001 §7 reference data, measurement
 * limits, translations, similar dropdown options and their batch update; spec 002 /Tags). Issue 9.
 */

const strictBool = z.enum(['true', 'false']).transform((v) => v === 'true');

// ---- reference data ------------------------------------------------------------------------------------------
export const ZUnit = z.object({ id: ZId, name: z.string(), symbol: z.string() });
export type TUnit = z.infer<typeof ZUnit>;

/** Titles offered by 'Insert category title' (protocol authoring). */
export const ZCategoryTitle = z.object({ id: ZId, text: z.string() });
export type TCategoryTitle = z.infer<typeof ZCategoryTitle>;

/** GET api/v1/translations/productCategories: the categories the /Translations screen picks from. */
export const ZProductCategoryTranslation = z.object({ id: ZId, name: z.string(), nameTranslationKey: z.string().nullable() });
export type TProductCategoryTranslation = z.infer<typeof ZProductCategoryTranslation>;

export const ZApplicationOptionsQuery = z.object({ applicationName: ZText.trim().max(100).optional() });
export const ZApplicationOption = z.object({ id: ZId, applicationName: z.string(), key: z.string(), value: z.unknown() });
export type TApplicationOption = z.infer<typeof ZApplicationOption>;

export const ZInspectionPhase = z.object({ id: ZId, name: z.string() });
export type TInspectionPhase = z.infer<typeof ZInspectionPhase>;
/** POST api/v1/inspectionPhases body (001 §7: "body Name"). */
export const ZInspectionPhaseCreate = z.object({
  Name: zText({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200),
});
export type TInspectionPhaseCreate = z.infer<typeof ZInspectionPhaseCreate>;

export const ZLanguage = z.object({ id: z.string(), name: z.string() });
export type TLanguage = z.infer<typeof ZLanguage>;

/**
 * Use case types offered by the point metadata (001 §3 meta UseCaseType). The spec does not list them:
 * these defaults, plus any value already stored on a point (docs/decisions.md, issue 9).
 */
export const DefaultUseCaseTypes = ['Inspection', 'Audit', 'Commissioning', 'Maintenance', 'Service'] as const;

// ---- option groups and dropdown picker -------------------------------------------------------------------------
export const ZOptionGroupsQuery = z.object({ custom: strictBool.default(false) });
const ZFollowUpRead = ZFollowUpRangeValue.extend({ id: ZId });
export const ZOptionGroupRead = z.object({
  id: ZId,
  name: z.string(),
  custom: z.boolean(),
  options: z.array(z.object({ id: ZId, index: z.number().int(), name: z.string(), comment: z.string().nullable(), followUpRangeValue: ZFollowUpRead.nullable() })),
});
export type TOptionGroupRead = z.infer<typeof ZOptionGroupRead>;

/** 'Pick an existing dropdown' (001 §2): searched by title in SQL, at most `limit` dropdowns. */
export const ZDropdownPickerQuery = z.object({
  search: ZText.trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const ZDropdownGroup = z.object({
  id: ZId,
  title: z.string(),
  hideImages: z.boolean(),
  multiselect: z.boolean(),
  inspectionPointId: ZId,
  inspectionPointName: z.string(),
  options: z.array(z.object({
    id: ZId,
    index: z.number().int(),
    title: z.string(),
    imageId: ZId.nullable(),
    imageUrl: z.string().nullable(),
    followUpRangeValue: ZFollowUpRead.nullable(),
  })),
});
export type TDropdownGroup = z.infer<typeof ZDropdownGroup>;

// ---- document picker -------------------------------------------------------------------------------------------
export const ZPickerDocument = z.object({
  id: ZId,
  name: z.string(),
  fileType: z.string(),
  fileSize: z.number(),
  /** Linked to at least one product family or model; the picker warns about documents that are not (001 §2). */
  linked: z.boolean(),
});
export type TPickerDocument = z.infer<typeof ZPickerDocument>;
/** A subcategory: its own documents and those of any deeper category under it (the picker shows two levels). */
export const ZDocumentSubcategory = z.object({ id: ZId, name: z.string(), documents: z.array(ZPickerDocument) });
export const ZDocumentCategoryNode = z.object({
  id: ZId,
  name: z.string(),
  subCategories: z.array(ZDocumentSubcategory),
  documents: z.array(ZPickerDocument),
});
export const ZDocumentTree = z.object({
  categories: z.array(ZDocumentCategoryNode),
  /** Documents without a category (the picker's 'uncategorized' group). */
  uncategorized: z.array(ZPickerDocument),
});
export type TDocumentTree = z.infer<typeof ZDocumentTree>;

// ---- measurement limits ----------------------------------------------------------------------------------------
export const ZMeasurementLimitSave = ZMeasurementLimitFields.extend({ inspectionPointId: ZId }).superRefine(refineLimitOrder);
export const ZMeasurementLimitsSave = z.array(ZMeasurementLimitSave).min(1, 'give at least one limit').max(2000);
export type TMeasurementLimitsSave = z.input<typeof ZMeasurementLimitsSave>;
export const ZMeasurementLimitRow = z.object({
  id: ZId,
  inspectionPointId: ZId,
  productFamilyId: ZId.nullable(),
  productModelId: ZId.nullable(),
  criticalLow: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  criticalHigh: z.number().nullable(),
});
export type TMeasurementLimitRow = z.infer<typeof ZMeasurementLimitRow>;

// ---- translations ----------------------------------------------------------------------------------------------
export const ZTranslationKind = z.enum(TranslationKinds);
export const ZPointTranslationsSave = z.object({ id: ZId, kind: ZTranslationKind, items: ZTranslationUpdates });
export type TPointTranslationsSave = z.infer<typeof ZPointTranslationsSave>;

// ---- similar dropdown options and their batch update ----------------------------------------------------------------
export const ZSimilarOptionsQuery = z.object({ currentDropdownId: ZId, currentOptionId: ZId });
export const ZSimilarOption = z.object({
  dropdownId: ZId,
  dropdownName: z.string(),
  inspectionPointId: ZId,
  inspectionPointName: z.string(),
  option: z.object({ id: ZId, title: z.string(), imageId: ZId.nullable(), batchUpdateDetails: ZBatchUpdateDetails.nullable() }),
});
export type TSimilarOption = z.infer<typeof ZSimilarOption>;

/**
 * POST api/v1/inspectionPoints/dropdownOptions/batchUpdates (our design; the spec does not show the call):
 * copy the source option's title and follow-up range value onto the selected options. Images are not copied.
 */
export const ZDropdownBatchUpdateCreate = z.object({
  sourceDropdownId: ZId,
  sourceOptionId: ZId,
  selections: z.array(z.object({ dropdownId: ZId, optionId: ZId })).min(1, 'select at least one option').max(1000),
});
export type TDropdownBatchUpdateCreate = z.infer<typeof ZDropdownBatchUpdateCreate>;
export const BatchSkipReasons = ['locked', 'source'] as const;
export const ZDropdownBatchUpdate = z.object({
  batchUpdateId: ZId,
  status: z.enum(['pending', 'done', 'failed']),
  /** Options this batch locked and changes (or changed, once done). */
  optionIds: z.array(ZId),
  /** Selected options left alone: locked by another pending batch update, or the source option itself. */
  skipped: z.array(z.object({ dropdownId: ZId, optionId: ZId, reason: z.enum(BatchSkipReasons) })),
  title: z.string(),
  created: z.string(),
  completedAt: z.string().nullable(),
});
export type TDropdownBatchUpdate = z.infer<typeof ZDropdownBatchUpdate>;

// ---- tags (spec 002 /Tags) -------------------------------------------------------------------------------------
/** POST api/v1/tags/update (002 §3 tag target: type 0 multiple choice, 1 range value). */
export const ZTagsUpdate = z.object({
  type: z.union([z.literal(0), z.literal(1)]),
  id: ZId,
  tags: z.array(ZText.max(1000)).max(100),
});
export type TTagsUpdate = z.infer<typeof ZTagsUpdate>;
export const ZTagTarget = z.object({ id: ZId, title: z.string(), tags: z.array(z.string()) });
export const ZTagTargetsOfPoint = z.object({
  id: ZId,
  name: z.string(),
  multipleChoices: z.array(ZTagTarget),
  rangeValues: z.array(ZTagTarget),
});
export type TTagTargetsOfPoint = z.infer<typeof ZTagTargetsOfPoint>;
export const ZTagPointsQuery = z.object({
  search: ZText.trim().max(200).default(''),
  offset: z.coerce.number().int().min(0).default(0),
  amount: z.coerce.number().int().min(1).max(500).default(50),
});
/** Points with at least one multiple choice or range value (the only ones that carry tags). */
export const ZTagPoint = z.object({ id: ZId, name: z.string(), type: z.string() });
export type TTagPoint = z.infer<typeof ZTagPoint>;
