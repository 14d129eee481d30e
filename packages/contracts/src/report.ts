import { z } from 'zod';
import {
  Aggregations,
  AggregationDirections,
  InspectionRatings,
  InspectionStatuses,
  KeyboardTypes,
  LifeEstimateTypes,
  PhotoLayouts,
  PointRatingNames,
  PointTypes,
  RatingTableLocations,
} from './domain-enums.js';
import { ZId, ZText } from './common.js';
import { ZTimeZone } from './time-zones.js';
import { ZOpenAction } from './follow-up-actions.js';

/**
 * Everything an inspection report shows (spec 000 §2.7–2.9, §3; 001 §3), in one language: the renderer turns
 * it into the HTML view, the details page and the PDF. Internal comments are deliberately absent from every
 * type here: what is not in the data cannot leak into a customer's document. Dates are epoch ms.
 * Images are referenced by id; the caller of the renderer decides how an id becomes a URL.
 */

const text = z.string();
const maybe = z.string().nullable();
const epoch = z.number();

export const ZReportPhoto = z.object({
  id: z.string(),
  imageId: z.string(),
  caption: text,
  layout: z.enum(PhotoLayouts),
});
export type TReportPhoto = z.infer<typeof ZReportPhoto>;

/** Four thresholds (001 §3), each may be empty; the model's limits win over the family's. */
export const ZReportLimits = z.object({
  criticalLow: z.number().nullable(),
  low: z.number().nullable(),
  high: z.number().nullable(),
  criticalHigh: z.number().nullable(),
});
export type TReportLimits = z.infer<typeof ZReportLimits>;

export const ZReportCell = z.object({ rowId: z.string(), fieldId: z.string(), value: maybe });
export type TReportCell = z.infer<typeof ZReportCell>;

/** Table-type points (Summary, SummaryWithRows, MeasurementsWithPicture): the recorded fields, rows and cells. */
export const ZReportTable = z.object({
  fieldTitle: maybe,
  aggregationDirection: z.enum(AggregationDirections),
  fields: z.array(z.object({ id: z.string(), title: text, aggregation: z.enum(Aggregations) })),
  rows: z.array(z.object({ id: z.string(), title: text, aggregation: z.enum(Aggregations) })),
  values: z.array(ZReportCell),
});
export type TReportTable = z.infer<typeof ZReportTable>;

export const ZReportMultipleChoice = z.object({
  id: z.string(),
  title: text,
  radio: z.boolean(),
  options: z.array(z.object({ id: z.string(), title: text, selected: z.boolean() })),
});

export const ZReportDropdown = z.object({
  id: z.string(),
  title: text,
  multiselect: z.boolean(),
  hideImages: z.boolean(),
  /** Only the options picked, in their order. */
  selected: z.array(z.object({ id: z.string(), title: text, imageId: maybe })),
});

export const ZReportRangeValue = z.object({ id: z.string(), title: text, value: maybe });

/** The same measured point on the same equipment in the latest earlier inspection. */
export const ZReportPrevious = z.object({ date: epoch, value: maybe, cells: z.array(ZReportCell) });
export type TReportPrevious = z.infer<typeof ZReportPrevious>;

export const ZTrendSeries = z.object({
  name: text,
  points: z.array(z.object({ date: epoch, value: z.number() })),
});
export type TTrendSeries = z.infer<typeof ZTrendSeries>;

/** LineChart points: one series per dataset (a Measurement has one), oldest first, this inspection last. */
export const ZReportTrend = z.object({ lifeEstimateType: z.enum(LifeEstimateTypes), series: z.array(ZTrendSeries) });
export type TReportTrend = z.infer<typeof ZReportTrend>;

export const ZReportPoint = z.object({
  resultId: z.string(),
  type: z.enum(PointTypes),
  /** Resolved: the result's name override, else the translation, else the point's English name. */
  name: text,
  description: text,
  keyboardType: z.enum(KeyboardTypes),
  ratingPresent: z.boolean(),
  rating: z.enum(PointRatingNames),
  selection: maybe,
  /** The option group's option names, in order (radio selection types). */
  options: z.array(text),
  /** The public comment only. */
  comment: maybe,
  measurementTitle: maybe,
  unit: maybe,
  value: maybe,
  limits: ZReportLimits.nullable(),
  previous: ZReportPrevious.nullable(),
  table: ZReportTable.nullable(),
  rangeValueTitle: maybe,
  rangeValues: z.array(ZReportRangeValue),
  multipleChoices: z.array(ZReportMultipleChoice),
  dropdowns: z.array(ZReportDropdown),
  photos: z.array(ZReportPhoto),
  trend: ZReportTrend.nullable(),
  /** The subcategory the point sits under in its category (001 §3, Commission protocols), in the report's language; absent or null: none. */
  subcategory: maybe.optional(),
});
export type TReportPoint = z.infer<typeof ZReportPoint>;

export const ZReportCategory = z.object({ id: z.string(), index: z.number().int(), title: text, points: z.array(ZReportPoint) });
export type TReportCategory = z.infer<typeof ZReportCategory>;

export const ZReportFinding = z.object({
  id: z.string(),
  title: text,
  description: text,
  consequence: text,
  corrective: text,
  preventive: text,
  photos: z.array(ZReportPhoto),
});
export type TReportFinding = z.infer<typeof ZReportFinding>;

export const ZReportPriorityAction = z.object({ id: z.string(), title: text, description: text, priority: text });
export type TReportPriorityAction = z.infer<typeof ZReportPriorityAction>;

export const ZReportHeader = z.object({
  inspectionId: z.string(),
  name: text,
  protocolName: maybe,
  type: text,
  status: z.enum(InspectionStatuses),
  rating: z.enum(InspectionRatings).nullable(),
  customer: maybe,
  site: maybe,
  productFamily: maybe,
  productModel: maybe,
  serialNumber: maybe,
  nickName: maybe,
  inspectionDate: epoch,
  started: epoch.nullable(),
  ended: epoch.nullable(),
  /** Whole minutes from started to ended; null unless both are known. */
  durationMinutes: z.number().int().nullable(),
  inspector: text,
  inspectorContact: text,
  contactName: maybe,
  contactPhone: maybe,
  contactEmail: maybe,
  version: maybe,
  /**
   * IANA zone the report prints its dates and times in (issue 20): the customer's, else the configured
   * REPORT_TIME_ZONE; the app's view of a report may print in the viewer's instead (render option).
   */
  timeZone: z.string(),
});
export type TReportHeader = z.infer<typeof ZReportHeader>;

export const ZReportData = z.object({
  header: ZReportHeader,
  ratingTableLocation: z.enum(RatingTableLocations),
  categories: z.array(ZReportCategory),
  extraPoints: z.array(ZReportPoint),
  /** Only the findings marked `show`. */
  findings: z.array(ZReportFinding),
  priorityActions: z.array(ZReportPriorityAction),
  /**
   * Issue 24: the open follow-up actions of the report's equipment found by it or an inspection dated on or before it,
   * as they stand when printed (docs/decisions.md "Open actions with the inspection"); empty: no section.
   */
  openActions: z.array(ZOpenAction),
  /** Label and value pairs; only for type Commission (000 §2.9), otherwise null. */
  equipmentConfigurator: z.array(z.object({ key: text, value: text })).nullable(),
  summary: text,
  /** The general (public) comment. */
  comment: text,
  customerSignatureImageId: maybe,
  providerSignatureImageId: maybe,
});
export type TReportData = z.infer<typeof ZReportData>;

/** GET api/v1/inspections/{id}/reporthtml?lang= and the tRPC twin: the language defaults to en (000 §7). */
export const ZReportLang = ZText.trim().toLowerCase().max(10).default('en');
/**
 * `timeZone` (issue 20, optional): an IANA zone to print dates and times in instead of the report's own (the
 * customer's or REPORT_TIME_ZONE); the web app sends the viewer's, as it shows every date in the user's zone.
 */
export const ZReportHtmlQuery = z.object({ lang: ZReportLang, timeZone: ZTimeZone.optional() });
export const ZReportHtmlInput = z.object({ id: ZId, lang: ZReportLang, timeZone: ZTimeZone.optional() });
