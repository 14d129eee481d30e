import { z } from 'zod';
import { ZId, ZListQuery, ZText } from './common.js';
import { InspectionRatings, InspectionStatuses, ProtocolTypes } from './domain-enums.js';

// Inspections: the reports list, My page, status and rating (spec 000 §2.3, §2.4, §3, §4, §7, §9).

/** `types` arrives as repeated parameters (`types=Daily&types=Weekly`) or one comma-separated value. */
const typeList = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(',')).filter(Boolean)),
  z.array(z.enum(ProtocolTypes)).max(ProtocolTypes.length).optional(),
);
const flag = z.preprocess((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v), z.boolean());

/** 000 §3 list query; §9 defaults: inspectionDate descending, mineOnly false. */
export const ZInspectionListQuery = ZListQuery.extend({
  mineOnly: flag.default(false),
  types: typeList,
});
export type TInspectionListQuery = z.infer<typeof ZInspectionListQuery>;

/** A row of /Reports and My page (000 §3 "Inspection (list item)"). Dates are epoch milliseconds. */
export const ZInspectionListItem = z.object({
  id: ZId,
  name: z.string(),
  displayName: z.string(),
  serialNumber: z.string().nullable(),
  nickName: z.string().nullable(),
  inspectionDate: z.number(),
  type: z.string(),
  status: z.string(),
  inspector: z.string(),
  inspectorContact: z.string(),
  rating: z.enum(InspectionRatings).nullable(),
  finished: z.boolean(),
  customerName: z.string().nullable(),
});
export type TInspectionListItem = z.infer<typeof ZInspectionListItem>;

/**
 * Body of PUT api/v1/inspections/{id}/updateStatus. The spec names the payload "status" without its shape:
 * a JSON string ("Waiting") and an object ({ "status": "Waiting" }) are both accepted.
 */
export const ZInspectionStatusInput = z.preprocess(
  (v) => (typeof v === 'string' ? { status: v } : v),
  z.object({ status: z.enum(InspectionStatuses) }),
);
export type TInspectionStatusInput = z.infer<typeof ZInspectionStatusInput>;

/** Body of PUT api/v1/inspections/{id}/rating: "Ok" or "Nok", as a JSON string or { "rating": "Ok" }. */
export const ZInspectionRatingInput = z.preprocess(
  (v) => (typeof v === 'string' ? { rating: v } : v),
  z.object({ rating: z.enum(InspectionRatings) }),
);
export type TInspectionRatingInput = z.infer<typeof ZInspectionRatingInput>;

export const ZInspectionDeleteQuery = z.object({ force: ZText.optional() });
