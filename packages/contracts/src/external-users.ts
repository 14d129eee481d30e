import { z } from 'zod';
import { ZListQuery, ZText } from './common.js';

/** Company (002 §3). */
export const ZCompany = z.object({ id: z.string(), name: z.string() });
export type TCompany = z.infer<typeof ZCompany>;

export const ZProductCategoryRef = z.object({ productCategoryId: z.uuid() });

/** 002 §4: password not set → active until `expires` → expired. */
export const ExternalUserStatuses = ['passwordNotSet', 'active', 'expired'] as const;
export type TExternalUserStatus = (typeof ExternalUserStatuses)[number];

/** External user (distributor) as the list and the form see it (002 §3). The password itself never leaves the server. */
export const ZExternalUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: ZCompany.nullable(),
  categories: z.array(z.object({ productCategoryId: z.string() })),
  distributorAdmin: z.boolean(),
  /** Epoch ms; null = never expires. */
  expires: z.number().nullable(),
  hasPassword: z.boolean(),
  status: z.enum(ExternalUserStatuses),
});
export type TExternalUser = z.infer<typeof ZExternalUser>;

/**
 * 002 §5: valid when the name is non-empty, the e-mail is non-empty and contains '@', a new company name
 * (if given) is non-empty, and at least one category (division) is selected. The web form validates with
 * this same schema, so its messages and the API's 400s agree.
 */
export const ZExternalUserInput = z.object({
  name: ZText.trim().min(1, 'must not be empty').max(200),
  email: ZText.trim()
    .toLowerCase()
    .min(1, 'must not be empty')
    .max(254)
    .refine((e) => e.includes('@'), "must contain '@'"),
  /** Existing company by id, or a new company by name. Ignored for distributor admins (their own company). */
  company: z
    .object({
      id: z.uuid().optional().nullable(),
      name: ZText.trim().max(200).optional(),
    })
    .optional()
    .nullable()
    .superRefine((c, ctx) => {
      if (c && !c.id && c.name !== undefined && c.name === '') {
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'a new company name must not be empty' });
      }
    }),
  categories: z.array(ZProductCategoryRef).min(1, 'select at least one category (division)').max(50),
  distributorAdmin: z.boolean().default(false),
});
export type TExternalUserInput = z.input<typeof ZExternalUserInput>;

export const ZExternalUserListQuery = ZListQuery;
export const ZExternalUserUpdate = z.object({ id: z.uuid(), data: ZExternalUserInput });

export const ZProductCategory = z.object({ id: z.string(), name: z.string() });
