import { z } from 'zod';
import { ZId, ZListQuery, ZText, zText } from './common.js';

// Product categories, families and models (spec 002 §3, §5, §7; 001 §7 "Reference data").

// (external-users.ts exports ZProductCategory with a looser id; this one is the reference-data row.)
export const ZProductCategoryRow = z.object({ id: ZId, name: z.string() });
export type TProductCategoryRow = z.infer<typeof ZProductCategoryRow>;

export const ZProductModel = z.object({ id: ZId, name: z.string(), productFamilyId: ZId });
export type TProductModel = z.infer<typeof ZProductModel>;

/** A family as the clients read it: `name` and its old alias `familyName` carry the same text. */
export const ZProductFamily = z.object({
  id: ZId,
  name: z.string(),
  familyName: z.string(),
  longFamilyName: z.string(),
  productCategoryId: ZId,
  productCategoryName: z.string(),
  division: z.string().nullable(),
});
export type TProductFamily = z.infer<typeof ZProductFamily>;

export const ZProductFamilyWithModels = ZProductFamily.extend({ productModels: z.array(ZProductModel) });
export type TProductFamilyWithModels = z.infer<typeof ZProductFamilyWithModels>;

const requiredText = (what: string) => zText({ error: `${what} is required` }).trim().min(1, `${what} is required`).max(200);

/** spec 002 §5: add family needs a name and a category. */
export const ZProductFamilyCreate = z.object({
  familyName: requiredText('name'),
  longFamilyName: ZText.trim().max(400).optional().default(''),
  productCategoryId: z.uuid({ error: 'category is required' }),
});
export type TProductFamilyCreate = z.input<typeof ZProductFamilyCreate>;

/**
 * Rename a family (issue 20; not shown in the spec): the name as when adding, and the long name when given. The
 * category stays: points, certifications and distributor divisions are filed under it.
 */
export const ZProductFamilyUpdate = z.object({
  familyName: requiredText('name'),
  longFamilyName: ZText.trim().max(400).optional(),
});
export type TProductFamilyUpdate = z.input<typeof ZProductFamilyUpdate>;

/** spec 002 §5: add model needs a name. */
export const ZProductModelCreate = z.object({ name: requiredText('name') });
export type TProductModelCreate = z.infer<typeof ZProductModelCreate>;
/** Rename a model (issue 20): the name as when adding. */
export const ZProductModelUpdate = ZProductModelCreate;
export type TProductModelUpdate = z.infer<typeof ZProductModelUpdate>;

/** spec 002 §9: families sort by name descending by default. */
export const ZProductFamilyListQuery = ZListQuery.extend({ productCategoryId: ZId.optional() });
export type TProductFamilyListQuery = z.infer<typeof ZProductFamilyListQuery>;
export const PRODUCT_FAMILY_SORT_KEYS = ['name', 'familyName', 'longFamilyName', 'productCategoryName'] as const;

/** Models of one family; sorted by name, descending unless asked otherwise (spec 002 §9). */
export const ZProductModelListQuery = z.object({
  orderDirection: ZText
    .transform((s) => s.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .optional(),
});
