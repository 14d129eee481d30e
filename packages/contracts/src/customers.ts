import { z } from 'zod';
import { ZId, ZListQuery, ZText } from './common.js';
import { ZNameOrderLanguage } from './name-order.js';
import { ZTimeZone } from './time-zones.js';

// Schemas of this domain (spec 002 §3, §5), used by the API, the web forms and the worker.

/** Optional text: blank or missing is stored as null, so '' never reaches a partial unique index. */
const optionalText = (max: number) =>
  ZText.trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const requiredName = ZText.trim().min(1, 'must not be empty').max(200);

/** Issue 20: `lang` sorts the names in the user's language (name-order.ts); absent is English. */
export const ZCustomerListQuery = ZListQuery.extend({ lang: ZNameOrderLanguage });
export type TCustomerListQuery = z.infer<typeof ZCustomerListQuery>;

/** One row of /Customers (name, MDM id). */
export const ZCustomerListItem = z.object({ id: ZId, name: z.string(), mdmCustomerId: z.string().nullable() });

/**
 * Issue 20: the language the customer reads its reports in (a `languages` id, lower case; the server answers 400
 * naming `language` for an unknown one). Optional in a write: absent keeps it, null or '' clears it.
 */
export const ZCustomerLanguage = ZText.trim()
  .max(10)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v ? v.toLowerCase() : null));
export type TCustomerListItem = z.infer<typeof ZCustomerListItem>;

export const ZCustomerSite = z.object({
  id: ZId,
  name: z.string(),
  mdmSiteId: z.string().nullable(),
  mdmType: z.string().nullable(),
  country: z.string().nullable(),
  stateProvince: z.string().nullable(),
});
export type TCustomerSite = z.infer<typeof ZCustomerSite>;

export const ZCustomerContact = z.object({
  id: ZId,
  name: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  siteId: ZId.nullable(),
});
export type TCustomerContact = z.infer<typeof ZCustomerContact>;

export const ZCustomerEquipment = z.object({
  id: ZId,
  serialNumber: z.string().nullable(),
  nickName: z.string().nullable(),
  mdmEquipmentId: z.string().nullable(),
  productFamilyId: ZId.nullable(),
  productModelId: ZId.nullable(),
  productFamilyName: z.string().nullable(),
  productModelName: z.string().nullable(),
});
export type TCustomerEquipment = z.infer<typeof ZCustomerEquipment>;

/** Live rows that go with the customer when it is deleted or merged (the delete modal shows the first three). */
export const ZCustomerCounts = z.object({
  sites: z.number().int(),
  contacts: z.number().int(),
  equipments: z.number().int(),
  inspections: z.number().int(),
  audits: z.number().int(),
});
export type TCustomerCounts = z.infer<typeof ZCustomerCounts>;

/** GET api/v1/customers/{id}: the customer with its sites, contacts and equipment (002 §3), plus counts. */
export const ZCustomer = ZCustomerListItem.extend({
  /** IANA zone its reports print dates and times in (issue 20); null: the configured REPORT_TIME_ZONE. */
  timeZone: z.string().nullable(),
  /** Issue 20: the customer's report language, null when none was chosen (optional for older readers). */
  language: z.string().nullable().optional(),
  sites: z.array(ZCustomerSite),
  contacts: z.array(ZCustomerContact),
  equipments: z.array(ZCustomerEquipment),
  counts: ZCustomerCounts,
});
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZCustomerInput = z.object({
  name: requiredName,
  mdmCustomerId: optionalText(100),
  /**
   * Issue 20: an IANA time zone for the customer's reports; blank or null clears it, and left out (clients from before
   * the field) an update keeps it.
   */
  timeZone: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? null : v), ZTimeZone.nullish()),
  language: ZCustomerLanguage,
});
export type TCustomerInput = z.input<typeof ZCustomerInput>;

export const ZCustomerSiteInput = z.object({
  name: requiredName,
  mdmSiteId: optionalText(100),
  mdmType: optionalText(100),
  country: optionalText(100),
  stateProvince: optionalText(100),
});
export type TCustomerSiteInput = z.input<typeof ZCustomerSiteInput>;

export const ZCustomerContactInput = z.object({
  name: requiredName,
  email: ZText.pipe(z.union([z.literal(''), z.email('must be an e-mail address').max(200)]))
    .nullish()
    .transform((v) => (v ? v : null)),
  phoneNumber: optionalText(50),
  siteId: ZId.nullish().transform((v) => v ?? null),
});
export type TCustomerContactInput = z.input<typeof ZCustomerContactInput>;

/**
 * POST api/v1/customers/{id}/merge (002 §7): the path id is the FIRST customer (merged away),
 * `customerId` the SECOND one, which survives under `name` (002 §2, §4).
 */
export const ZCustomerMerge = z.object({ customerId: ZId, name: requiredName });
export type TCustomerMerge = z.infer<typeof ZCustomerMerge>;

export const ZCustomerIdParam = z.object({ id: ZId });
