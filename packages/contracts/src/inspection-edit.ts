import { z } from 'zod';
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE, readOnlyEcho, ZId, ZText } from './common.js';
import {
  Aggregations,
  AggregationDirections,
  InspectionRatings,
  InspectionStatuses,
  KeyboardTypes,
  PhotoLayouts,
  PointRating,
  PointRatingNames,
  PointTypes,
  ProtocolTypes,
  ValidationConsequences,
  type PointRatingName,
} from './domain-enums.js';
import { ZReportLimits } from './report.js';
import { ZInspectionCan } from './inspection-rights.js';

/**
 * Starting, reading for editing and saving an inspection (spec 000 §2.8, §2.9, §3, §4, §5, §7; point types and
 * their configuration from 001 §3). Dates are epoch milliseconds. One shape serves the report edit form
 * (GET editDetails, PUT update), the read-only protocol view (GET web: the same without internal comments)
 * and the field client (POST inspections, PUT results). Decisions: docs/decisions.md, "Inspection editing (issue 7)".
 */

/** Bounds of one save, so an oversized or malformed payload is a 400 naming the field, never a 500. */
export const EDIT_LIMITS = {
  categories: 200,
  pointsPerCategory: 500,
  /** Results in one save, categories and extra points together. */
  results: 3000,
  extraPoints: 500,
  photosPerResult: 20,
  findings: 200,
  photosPerFinding: 20,
  priorityActions: 200,
  tableFields: 50,
  tableRows: 200,
  choices: 100,
  selectedOptions: 200,
  shortText: 500,
  value: 200,
  longText: 20_000,
  configuratorBytes: 100_000,
} as const;

const short = ZText.max(EDIT_LIMITS.shortText);
const long = ZText.max(EDIT_LIMITS.longText);
const epoch = z.number().int().min(0).max(8_640_000_000_000_000);
/** Ids inside a result's content: library uuids, or a client's own key such as 'row-0' for a table without rows. */
const ContentId = ZText.min(1).max(64);
/** A new row is sent without an id, or with '' or null (the form's temporary id removed, 001 §4). */
const newOrId = z.union([ZId, z.literal('')]).nullish().transform((v) => v || undefined);

// ---------- Result content (000 §3 Point result, Report point content) ----------

/** 000 §3 Photo entry; the imageId is an uploaded image (POST api/v1/images) the caller may read. */
export const ZPhoto = z.object({
  id: ZId.optional(),
  imageId: ZId,
  caption: short,
  layout: z.enum(PhotoLayouts),
});
export type TPhoto = z.infer<typeof ZPhoto>;

export const ZTableField = z.object({ id: ContentId, title: short, value: ZText.max(EDIT_LIMITS.value).nullable(), inspectionPointFieldAggregation: z.enum(Aggregations) });
export const ZTableCell = z.object({ rowId: ContentId, fieldId: ContentId, value: ZText.max(EDIT_LIMITS.value).nullable() });
export const ZTableRow = z.object({
  id: ContentId,
  title: short,
  inspectionPointRowAggregation: z.enum(Aggregations),
  values: z.array(ZTableCell).max(EDIT_LIMITS.tableFields),
});
export const ZRangeValueAnswer = z.object({ rangeValueId: ZId, value: ZText.max(EDIT_LIMITS.value).nullable() });
export const ZChoiceAnswer = z.object({ multipleChoiceId: ZId, selectedOptionIds: z.array(ZId).max(EDIT_LIMITS.selectedOptions) });
export const ZDropdownAnswer = z.object({ dropdownId: ZId, selectedOptionIds: z.array(ZId).max(EDIT_LIMITS.selectedOptions) });

/**
 * A point's result as the server answers it. `id` is absent while the point has no result yet.
 * `value` and table cells follow the numeric-string rule (000 §5) where the keyboard type is numeric;
 * aggregated table cells are always the server's computation (point-math.ts), whatever was sent.
 */
export const ZPointResult = z.object({
  id: ZId.optional(),
  selection: short.nullable(),
  value: ZText.max(EDIT_LIMITS.value).nullable(),
  comment: long.nullable(),
  /** Absent from GET web (the read-only view never shows internal comments). */
  internalComment: long.nullable().optional(),
  rating: z.enum(PointRatingNames),
  photos: z.array(ZPhoto).max(EDIT_LIMITS.photosPerResult),
  voiceCommentId: ZId.nullable(),
  nameOverride: short.nullable(),
  fields: z.array(ZTableField).max(EDIT_LIMITS.tableFields),
  rows: z.array(ZTableRow).max(EDIT_LIMITS.tableRows),
  rangeValues: z.array(ZRangeValueAnswer).max(EDIT_LIMITS.choices),
  multipleChoices: z.array(ZChoiceAnswer).max(EDIT_LIMITS.choices),
  dropdowns: z.array(ZDropdownAnswer).max(EDIT_LIMITS.choices),
  /**
   * Issue 23, two people editing: the stored result's version (every write raises it), when and by whom it was last
   * written. A client sends `version` back with its edit as the version it started from; absent while unanswered.
   */
  version: z.number().int().min(1).optional(),
  updatedAt: epoch.optional(),
  updatedBy: z.string().nullable().optional(),
});
export type TPointResult = z.infer<typeof ZPointResult>;

/**
 * Issue 23: a change of someone else that a save overwrote (the later save wins). `field` names the saved item as
 * the save's errors would (`results.0`, `categories.1.inspectionPoints.2`, `content`); `version`, `updatedAt`
 * (epoch ms) and `updatedBy` (a name) describe the overwritten change: the stored version was newer than the
 * version the client said it started from.
 */
export const ZOverwritten = z.object({
  field: z.string(),
  resultId: ZId.nullable(),
  version: z.number().int(),
  updatedAt: epoch,
  updatedBy: z.string().nullable(),
  /** A finding's or priority action's id (`field` then `findings.N` / `priorityActions.N`, N its place in the answer). */
  itemId: ZId.optional(),
  /** True when this save deleted the item and it was kept for the other change (the save did not overwrite it). */
  kept: z.boolean().optional(),
  /**
   * True when someone else deleted the item after the save's base and this save's change brought it back (the later
   * save wins); `version`, `updatedAt` and `updatedBy` then describe the deletion.
   */
  removed: z.boolean().optional(),
});
export type TOverwritten = z.infer<typeof ZOverwritten>;
/** Issue 23: a text's version stamp: every write raises `version`; when (epoch ms) and by whom (a name). */
export const ZTextVersion = z.object({ version: z.number().int(), updatedAt: z.number(), updatedBy: z.string().nullable() });
export type TTextVersion = z.infer<typeof ZTextVersion>;
/**
 * Issue 23: the inspection's own text fields that carry a version each, as the audit's texts do (`textVersions`
 * in the edit data, `fieldVersions` in a save): the info box's texts, summary, comment and internal comment.
 */
export const InspectionTextFields = ['inspector', 'inspectorContact', 'contactName', 'contactPhoneNumber', 'contactEmail', 'version', 'summary', 'comment', 'internalComment'] as const;
export type InspectionTextField = (typeof InspectionTextFields)[number];
/** `{field: stamp}` of the inspection's texts written since versions are kept (a field never written is absent). */
/**
 * Issue 23: the inspection's other single parts with a version each, kept in the same stamps (`textVersions`):
 * the dates, the signatures and the equipment configurator. A save names their bases in `partVersions`.
 */
export const InspectionPartFields = ['inspectionDate', 'started', 'ended', 'customerSignature', 'providerSignature', 'equipmentConfigurator'] as const;
export type InspectionPartField = (typeof InspectionPartFields)[number];
export const InspectionVersionedFields = [...InspectionTextFields, ...InspectionPartFields] as const;
export type InspectionVersionedField = (typeof InspectionVersionedFields)[number];
export const ZInspectionTextVersions = z.partialRecord(z.enum(InspectionVersionedFields), ZTextVersion);
const baseVersion = z.number().int().min(0).max(2_147_483_647);
/** A save's base versions: for each text it changed, the version its edit started from (0: none when read). */
export const ZInspectionFieldVersions = z.partialRecord(z.enum(InspectionTextFields), baseVersion);
export type TInspectionFieldVersions = z.infer<typeof ZInspectionFieldVersions>;
/** Issue 23: the bases of a set's items a save changed or deleted, `{id: version as read}`. */
const ZItemVersions = z.record(ZId, baseVersion).refine((v) => Object.keys(v).length <= 1000, 'names too many items (at most 1000)');
/**
 * Issue 23: a save's bases for the parts other than texts: for each of the dates, signatures and configurator it
 * changed, the version its edit started from (0: none when read); for findings and priority actions, the items it
 * changed or deleted with the version each was read at. Sent, what it does not name is kept as stored.
 */
export const ZInspectionPartVersions = z.object({
  ...Object.fromEntries(InspectionPartFields.map((f) => [f, baseVersion.optional()])) as Record<InspectionPartField, z.ZodOptional<typeof baseVersion>>,
  findings: ZItemVersions.optional(),
  priorityActions: ZItemVersions.optional(),
});
export type TInspectionPartVersions = z.infer<typeof ZInspectionPartVersions>;
/** Issue 23: an item's version stamp in a set (findings, priority actions), as a result's. */
const itemStamp = { version: z.number().int().min(1).optional(), updatedAt: epoch.optional(), updatedBy: z.string().nullable().optional() };
/** A saved result as a single-result save answers it (the audit's result calls): the result and what it overwrote. */
export const ZPointResultSaved = ZPointResult.extend({ overwritten: z.array(ZOverwritten).optional() });
export type TPointResultSaved = z.infer<typeof ZPointResultSaved>;

/** 000 §3 rating values: a name ('Repair') or its number (2) on input; answers always carry the name. */
const ZRatingInput = z.preprocess((v) => {
  if (typeof v === 'number') return (PointRatingNames as PointRatingName[]).find((k) => PointRating[k] === v) ?? v;
  return v;
}, z.enum(PointRatingNames));

/**
 * A photo entry as a client sends it: 000 §3 says a client holds also `image` (its data) and `index` locally; sent
 * along, they are known and ignored (the server has the image by `imageId` and keeps the order sent).
 */
export const ZPhotoInput = ZPhoto.extend({
  id: newOrId,
  caption: short.default(''),
  layout: z.enum(PhotoLayouts).default('Default'),
  index: readOnlyEcho(z.number().int()),
  image: readOnlyEcho(z.unknown()),
});

/** A result as a client sends it: missing parts mean empty; `id` without a value creates, with one updates. */
export const ZPointResultInput = z.object({
  id: newOrId,
  selection: short.nullish().transform((v) => v ?? null),
  value: ZText.max(EDIT_LIMITS.value).nullish().transform((v) => v ?? null),
  comment: long.nullish().transform((v) => v ?? null),
  internalComment: long.nullish().transform((v) => v ?? null),
  rating: ZRatingInput.default('NotSet'),
  photos: z.array(ZPhotoInput).max(EDIT_LIMITS.photosPerResult).default([]),
  voiceCommentId: ZId.nullish().transform((v) => v ?? null),
  nameOverride: short.nullish().transform((v) => v ?? null),
  fields: z.array(ZTableField.extend({ value: ZTableField.shape.value.default(null), inspectionPointFieldAggregation: z.enum(Aggregations).default('No') })).max(EDIT_LIMITS.tableFields).default([]),
  rows: z.array(ZTableRow.extend({ inspectionPointRowAggregation: z.enum(Aggregations).default('No') })).max(EDIT_LIMITS.tableRows).default([]),
  rangeValues: z.array(ZRangeValueAnswer).max(EDIT_LIMITS.choices).default([]),
  multipleChoices: z.array(ZChoiceAnswer).max(EDIT_LIMITS.choices).default([]),
  dropdowns: z.array(ZDropdownAnswer).max(EDIT_LIMITS.choices).default([]),
  /**
   * Issue 23: the result's version the edit started from (as read: `version`). A stored version above it means
   * someone else changed the result meanwhile: the save still wins and its answer lists it in `overwritten`.
   * Without it nothing is compared (older clients), except that a result sent without id where the point has one
   * counts as started from nothing.
   */
  version: z.number().int().min(0).max(2_147_483_647).optional(),
  updatedAt: readOnlyEcho(epoch),
  updatedBy: readOnlyEcho(z.string().nullable()),
});
export type TPointResultInput = z.output<typeof ZPointResultInput>;

// ---------- Point configuration (read-only while editing; 001 §3) ----------

const ZFollowUp = z.object({
  id: ZId,
  title: z.string(),
  keyboardType: z.enum(KeyboardTypes),
  inputValidationRegexp: z.string().nullable(),
  validationConsequence: z.enum(ValidationConsequences),
});

/** What the form needs to draw and check one point; null parts do not apply to the point's type. */
export const ZEditPointConfig = z.object({
  /** null when the library point was deleted: the form shows 'Point not found!' (001 §2). */
  inspectionPointId: ZId.nullable(),
  type: z.enum(PointTypes),
  /** English name (001 §1: en is the point's own text); `content.nameOverride` replaces it where nameOverridable. */
  name: z.string(),
  description: z.string(),
  nameOverridable: z.boolean(),
  contentRequired: z.boolean(),
  keyboardType: z.enum(KeyboardTypes),
  inputValidationRegexp: z.string().nullable(),
  validationConsequence: z.enum(ValidationConsequences),
  commentField: z.object({ present: z.boolean() }),
  internalCommentField: z.object({ present: z.boolean() }),
  ratingField: z.object({ present: z.boolean(), required: z.boolean() }),
  photoField: z.object({ present: z.boolean(), required: z.boolean(), onlyForFailure: z.boolean() }),
  voiceCommentField: z.object({ present: z.boolean() }),
  measurementTitle: z.string().nullable(),
  unitValue: z.string().nullable(),
  /** Measured types: the model's limits, else the family's (001 §3). */
  limits: ZReportLimits.nullable(),
  /** Radio selection types: options with the default comment picking them fills in (000 §2.6). */
  optionGroup: z
    .object({
      id: ZId,
      name: z.string(),
      options: z.array(z.object({ id: ZId, name: z.string(), comment: z.string().nullable(), followUpRangeValue: ZFollowUp.nullable() })),
    })
    .nullable(),
  fieldTitle: z.string().nullable(),
  inspectionPointAggregationDirection: z.enum(AggregationDirections),
  fields: z.array(z.object({ id: ZId, index: z.number().int(), title: z.string(), keyboardType: z.enum(KeyboardTypes), inspectionPointFieldAggregation: z.enum(Aggregations) })),
  rows: z.array(z.object({ id: ZId, index: z.number().int(), title: z.string(), inspectionPointRowAggregation: z.enum(Aggregations) })),
  rangeValueTitle: z.string().nullable(),
  rangeValues: z.array(ZFollowUp.extend({ index: z.number().int() })),
  multipleChoices: z.array(
    z.object({
      id: ZId, index: z.number().int(), title: z.string(), radio: z.boolean(), inputValidationRegexp: z.string().nullable(),
      options: z.array(z.object({ id: ZId, index: z.number().int(), title: z.string(), followUpRangeValue: ZFollowUp.nullable() })),
    }),
  ),
  dropdowns: z.array(
    z.object({
      id: ZId, index: z.number().int(), title: z.string(), multiselect: z.boolean(), hideImages: z.boolean(),
      inputValidationRegexp: z.string().nullable(), validationConsequence: z.enum(ValidationConsequences),
      options: z.array(z.object({ id: ZId, index: z.number().int(), title: z.string(), imageId: ZId.nullable(), followUpRangeValue: ZFollowUp.nullable() })),
    }),
  ),
  /**
   * Issue 19: translations of the texts above by item id (and `measurementTitle`, `fieldTitle`, `rangeValueTitle` for
   * the point's own titles), `{ [language]: { text, source } }`; a save records them with the texts (recorded-picks.ts).
   */
  textTranslations: z.record(z.string(), z.record(z.string(), z.object({ text: z.string(), source: z.string() }))).optional(),
});
export type TEditPointConfig = z.infer<typeof ZEditPointConfig>;

/** One protocol point of a category with its configuration and its result (`content`, blank without `id` while unanswered). */
export const ZEditPoint = ZEditPointConfig.extend({
  protocolPointId: ZId,
  index: z.number().int(),
  subcategoryTitleIndex: z.number().int().nullable(),
  optional: z.boolean(),
  content: ZPointResult,
});
export type TEditPoint = z.infer<typeof ZEditPoint>;

export const ZEditExtraPoint = ZEditPointConfig.extend({ id: ZId, index: z.number().int(), content: ZPointResult });
export type TEditExtraPoint = z.infer<typeof ZEditExtraPoint>;

export const ZFinding = z.object({
  id: ZId,
  title: z.string(),
  description: z.string(),
  consequence: z.string(),
  corrective: z.string(),
  preventive: z.string(),
  photos: z.array(ZPhoto),
  show: z.boolean(),
  ...itemStamp,
});
export const ZPriorityAction = z.object({ id: ZId, title: z.string(), description: z.string(), priority: z.string(), ...itemStamp });

// ---------- The inspection ----------

/**
 * Equipment configurator (jsonb, read and written as a whole; shown for type Commission only, 000 §2.9).
 * Any JSON, at most 100 kB and 8 levels deep, no control characters in its strings (PostgreSQL refuses NUL).
 */
export const ZEquipmentConfigurator = z.unknown().superRefine((value, ctx) => {
  let problem: string | null = null;
  const walk = (v: unknown, depth: number): void => {
    if (problem) return;
    if (depth > 8) problem = 'is nested too deeply (at most 8 levels)';
    else if (typeof v === 'string') { if (CONTROL_CHARACTERS.test(v)) problem = CONTROL_CHARACTERS_MESSAGE; }
    else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { walk(k, depth + 1); walk(x, depth + 1); }
    else if (typeof v === 'number' && !Number.isFinite(v)) problem = 'must be JSON';
  };
  walk(value, 0);
  if (!problem && value !== undefined && JSON.stringify(value).length > EDIT_LIMITS.configuratorBytes) problem = 'is too large (at most 100 kB)';
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const info = {
  id: ZId,
  name: z.string(),
  type: z.string(),
  status: z.enum(InspectionStatuses),
  rating: z.enum(InspectionRatings).nullable(),
  finished: z.boolean(),
  protocolId: ZId.nullable(),
  protocolName: z.string().nullable(),
  customerId: ZId.nullable(),
  customer: z.string().nullable(),
  customerSiteId: ZId.nullable(),
  site: z.string().nullable(),
  equipmentId: ZId.nullable(),
  productFamilyId: ZId.nullable(),
  productFamilyName: z.string().nullable(),
  productModelId: ZId.nullable(),
  productModelName: z.string().nullable(),
  serialNumber: z.string().nullable(),
  nickName: z.string().nullable(),
  inspectionDate: epoch,
  started: epoch.nullable(),
  ended: epoch.nullable(),
  created: epoch,
  inspector: z.string(),
  inspectorContact: z.string(),
  contactName: z.string().nullable(),
  contactPhoneNumber: z.string().nullable(),
  contactEmail: z.string().nullable(),
  version: z.string().nullable(),
};

/** GET api/v1/inspections/{id}/editDetails and the answer of every save. */
export const ZInspectionEdit = z.object({
  ...info,
  categories: z.array(z.object({ id: ZId, title: z.string(), index: z.number().int(), inspectionPoints: z.array(ZEditPoint) })),
  extraPoints: z.array(ZEditExtraPoint),
  findings: z.array(ZFinding),
  priorityActions: z.array(ZPriorityAction),
  equipmentConfigurator: z.unknown().nullable(),
  summary: z.string(),
  comment: z.string(),
  /** Absent from GET web. */
  internalComment: z.string().optional(),
  customerSignature: ZId.nullable(),
  providerSignature: ZId.nullable(),
  sendEmail: z.boolean(),
  /** What the caller may do with it (inspection-rights.ts); answered by GET web and editDetails. */
  can: ZInspectionCan.optional(),
  /** Issue 23: in a save's answer, other people's changes of results and texts the save overwrote (absent when none). */
  overwritten: z.array(ZOverwritten).optional(),
  /** Issue 23: the version stamps of the inspection's texts (`InspectionTextFields`; internalComment's only where it is shown). */
  textVersions: ZInspectionTextVersions.optional(),
});
export type TInspectionEdit = z.infer<typeof ZInspectionEdit>;

// ---------- Saving ----------

export const ZContactEmail = ZText.trim().max(254).pipe(z.union([z.literal(''), z.email('must be an e-mail address')])).nullish().transform((v) => v || null);
export const ZEmailLanguage = ZText.trim().min(2).max(10).nullish().transform((v) => (v ? v.toLowerCase() : null));
const optionalText = (max: number) => ZText.max(max).nullish().transform((v) => v ?? null);

/** A category point as saved: which protocol point, and its result. Its configuration, if sent back, is ignored. */
export const ZEditPointInput = z.object({ protocolPointId: ZId, content: ZPointResultInput });
export const ZExtraPointInput = z.object({
  id: newOrId,
  /** Required for a new extra point: the library point it asks. */
  inspectionPointId: ZId.nullish(),
  name: short.default(''),
  content: ZPointResultInput,
});
export const ZFindingInput = z.object({
  id: newOrId,
  title: short.default(''),
  description: long.default(''),
  consequence: long.default(''),
  corrective: long.default(''),
  preventive: long.default(''),
  photos: z.array(ZPhotoInput).max(EDIT_LIMITS.photosPerFinding).default([]),
  show: z.boolean().default(true),
});
export const ZPriorityActionInput = z.object({ id: newOrId, title: short.default(''), description: long.default(''), priority: short.default('') });

/**
 * Body of PUT api/v1/inspections/update?lang=en&id={id}: the full inspection, the same shape as ZInspectionEdit
 * (a client may send back what it read). Only the editable parts are read; identity, status, rating, customer,
 * equipment and point configuration are the server's. Findings and priority actions are replaced as a set
 * (sent with id: updated, without: created, missing: deleted) unless `partVersions` is sent (issue 23: then only the
 * items it names are written or deleted); results are created or updated, never deleted.
 */
export const ZInspectionUpdate = z
  .object({
    id: ZId.optional(),
    status: z.enum(InspectionStatuses).optional(),
    rating: z.enum(InspectionRatings).nullish(),
    finished: z.boolean().optional(),
    inspectionDate: epoch.optional(),
    started: epoch.nullish(),
    ended: epoch.nullish(),
    inspector: short.optional(),
    inspectorContact: short.optional(),
    contactName: optionalText(EDIT_LIMITS.shortText),
    contactPhoneNumber: optionalText(100),
    contactEmail: ZContactEmail,
    version: optionalText(100),
    categories: z
      .array(z.object({ id: ZId, inspectionPoints: z.array(ZEditPointInput).max(EDIT_LIMITS.pointsPerCategory).default([]) }))
      .max(EDIT_LIMITS.categories)
      .default([]),
    extraPoints: z.array(ZExtraPointInput).max(EDIT_LIMITS.extraPoints).default([]),
    findings: z.array(ZFindingInput).max(EDIT_LIMITS.findings).default([]),
    priorityActions: z.array(ZPriorityActionInput).max(EDIT_LIMITS.priorityActions).default([]),
    equipmentConfigurator: ZEquipmentConfigurator.nullish(),
    summary: long.default(''),
    comment: long.default(''),
    internalComment: long.default(''),
    customerSignature: ZId.nullish().transform((v) => v ?? null),
    providerSignature: ZId.nullish().transform((v) => v ?? null),
    sendEmail: z.boolean().default(false),
    /**
     * Issue 20: the language of the e-mailed report and its e-mail text (a `languages` id). Without it the
     * customer's language is used, else the save's `lang`.
     */
    emailLanguage: ZEmailLanguage,
    /**
     * Issue 23: for each text the client changed (`InspectionTextFields`), the version its edit started from (as read
     * in `textVersions`; 0 when it had none). Sent, the texts it does not name are kept as stored (not changed by
     * this client, so its copy may be stale), and a named text someone else wrote since is listed in the answer's
     * `overwritten` (`field` the text's name, `resultId` null). Left out (older clients): every text is written.
     */
    fieldVersions: ZInspectionFieldVersions.optional(),
    /**
     * Issue 23: the bases of the dates, signatures and configurator the client changed, and of the findings and
     * priority actions it changed or deleted (`{findings: {<id>: <version as read>}}`). Sent, a part or an item it
     * does not name is kept as stored: a finding sent back unchanged is not rewritten, one not sent and not named
     * (someone else added it) is not deleted; a named one someone else changed since is kept when this save
     * deletes it, overwritten when it changes it, and listed in `overwritten` either way. Left out (older clients):
     * every part is written and the sets replaced as before.
     */
    partVersions: ZInspectionPartVersions.optional(),
  })
  .superRefine((v, ctx) => {
    const n = v.categories.reduce((a, c) => a + c.inspectionPoints.length, 0) + v.extraPoints.length;
    if (n > EDIT_LIMITS.results) ctx.addIssue({ code: 'custom', path: ['categories'], message: `too many points (at most ${EDIT_LIMITS.results} in one save)` });
  });
export type TInspectionUpdate = z.output<typeof ZInspectionUpdate>;
export type TInspectionUpdateInput = z.input<typeof ZInspectionUpdate>;

export const ZInspectionUpdateQuery = z.object({ id: ZId, lang: ZText.min(2).max(10).default('en') });

/**
 * PUT api/v1/inspections/{id}/results: some results, without finishing (autosave, offline queues). Each item names
 * its point: a category and a protocol point, or an extra point. (One object rather than a union, so that a bad
 * value inside is reported at its own field.)
 */
export const ZResultItemInput = z
  .object({ categoryId: ZId.optional(), protocolPointId: ZId.optional(), extraPointId: ZId.optional(), content: ZPointResultInput })
  .superRefine((r, ctx) => {
    if (r.extraPointId ? r.categoryId || r.protocolPointId : !(r.categoryId && r.protocolPointId)) {
      ctx.addIssue({ code: 'custom', path: [r.extraPointId ? 'extraPointId' : 'categoryId'], message: 'name either a category and a protocol point, or an extra point' });
    }
  });
export const ZResultsInput = z.object({ results: z.array(ZResultItemInput).min(1).max(EDIT_LIMITS.results) });
export type TResultsInput = z.output<typeof ZResultsInput>;
/** Which result each sent item became, in the order sent (new ids for results created; null for a blank item that stored nothing). */
export const ZResultsSaved = z.object({
  results: z.array(z.object({ id: ZId.nullable(), categoryId: ZId.nullable(), protocolPointId: ZId.nullable(), extraPointId: ZId.nullable() })),
  /** Issue 23: other people's changes this save overwrote (absent when none). */
  overwritten: z.array(ZOverwritten).optional(),
});

export const ZInspectionFinished = z.object({ id: ZId, status: z.enum(InspectionStatuses), finished: z.boolean(), ended: epoch.nullable() });

// ---------- Starting an inspection (field client) ----------

/**
 * The machine inspected: an existing equipment by `id`, or one matched or created from `productModelId` plus a
 * serial number or a nickname (000 §4). One object rather than a union, so a bad value is reported at its field.
 */
export const ZInspectionEquipmentInput = z
  .object({
    id: ZId.optional(),
    productModelId: ZId.optional(),
    serialNumber: ZText.trim().max(100).nullish().transform((v) => v || null),
    nickName: ZText.trim().max(200).nullish().transform((v) => v || null),
    // The machine as the pickers and a run answer it may be sent back (000 §3 Equipment on a run): known, ignored.
    productFamilyId: readOnlyEcho(ZId.nullable()),
    productFamilyName: readOnlyEcho(z.string().nullable()),
    productModelName: readOnlyEcho(z.string().nullable()),
    customerSiteId: readOnlyEcho(ZId.nullable()),
  })
  .superRefine((e, ctx) => {
    if (e.id) return;
    if (!e.productModelId) ctx.addIssue({ code: 'custom', path: ['productModelId'], message: 'is required for new equipment (or give the equipment id)' });
    else if (!e.serialNumber && !e.nickName) ctx.addIssue({ code: 'custom', path: ['serialNumber'], message: 'a serial number or a nickname is required' });
  });

/** POST api/v1/inspections: starts an In_Use inspection of a protocol on a machine for a customer. */
export const ZInspectionCreate = z.object({
  protocolId: ZId,
  customerId: ZId,
  customerSiteId: ZId.nullish().transform((v) => v ?? null),
  equipment: ZInspectionEquipmentInput,
  inspectionDate: epoch.optional(),
});
export type TInspectionCreate = z.output<typeof ZInspectionCreate>;

/** GET api/v1/InspectionProtocols/sortedByFit: which protocols fit a machine, best first. */
export const ZProtocolFitQuery = z.object({
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(ProtocolTypes).optional()),
  productFamilyId: z.preprocess((v) => (v === '' ? undefined : v), ZId.optional()),
  productModelId: z.preprocess((v) => (v === '' ? undefined : v), ZId.optional()),
  equipmentId: z.preprocess((v) => (v === '' ? undefined : v), ZId.optional()),
});
export type TProtocolFitQuery = z.output<typeof ZProtocolFitQuery>;

export const ProtocolFits = ['Equipment', 'Model', 'Family', 'Any'] as const;
export const ZProtocolFit = z.object({ id: ZId, name: z.string(), type: z.string(), fit: z.enum(ProtocolFits) });
export type TProtocolFit = z.infer<typeof ZProtocolFit>;

/**
 * The inspection types whose report has an equipment configurator section: Commission (000 §2.9) and, since issue 20,
 * Equipment_Configurator (an inspection, or an audit's configurator run, is that section).
 */
export const CONFIGURATOR_TYPES: readonly string[] = ['Commission', 'Equipment_Configurator'];
export const hasConfigurator = (type: string | null | undefined) => !!type && CONFIGURATOR_TYPES.includes(type);

/**
 * Issue 20: what the report edit form offers for the customer e-mail: the customer's report language (null when
 * none was chosen, or the inspection has no customer) and its live contacts, to pick the contact from.
 */
export const ZInspectionEmailChoices = z.object({
  language: z.string().nullable(),
  contacts: z.array(z.object({ id: ZId, name: z.string(), email: z.string().nullable(), phoneNumber: z.string().nullable() })),
});
export type TInspectionEmailChoices = z.infer<typeof ZInspectionEmailChoices>;

// ---------- Previous values (issue 23) ----------

/** A table cell of the previous inspection's result: by row and field id, with the row's title (own rows match by it). */
export const ZPreviousCell = z.object({ rowId: z.string(), rowTitle: z.string(), fieldId: z.string(), value: z.string().nullable() });

/**
 * A measured point's previous value, as its report shows it: the latest result of the point on the same equipment
 * in a live inspection dated strictly before this one (a distributor's inspection: its company's only).
 */
export const ZPreviousValue = z.object({
  inspectionPointId: z.string(),
  /** The earlier inspection's date. */
  date: epoch,
  /** A Measurement's value as typed; null when that result had none. */
  value: z.string().nullable(),
  /** A table's recorded cells (empty for a Measurement). */
  cells: z.array(ZPreviousCell),
});
export type TPreviousValue = z.infer<typeof ZPreviousValue>;

/** tRPC inspectionEdit.previousValues, GET api/v1/inspections/{id}/previousValues: one entry per measured point that has one. */
export const ZPreviousValues = z.object({ points: z.array(ZPreviousValue) });
export type TPreviousValues = z.infer<typeof ZPreviousValues>;
