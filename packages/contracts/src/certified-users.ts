import { z } from 'zod';
import { ZListQuery, ZText } from './common.js';

// Certified users and their certifications (spec 002 §3, §5). Dates travel as epoch milliseconds.

const ZEpochMs = z.number().int().min(0).max(8_640_000_000_000_000);

export const ZCertification = z.object({
  id: z.uuid(),
  productFamilyId: z.uuid(),
  /** For display in lists; not part of any input. */
  productFamilyName: z.string(),
  certifiedUserId: z.uuid(),
  certificationDate: z.number().int(),
  expirationDate: z.number().int(),
});
export type TCertification = z.infer<typeof ZCertification>;

export const ZCertifiedUser = z.object({
  id: z.uuid(),
  email: z.string(),
  employeeId: z.string(),
  certifications: z.array(ZCertification),
});
export type TCertifiedUser = z.infer<typeof ZCertifiedUser>;

/**
 * One certification row of a create or update. spec 002 §4: a new row is sent with an empty id
 * (the form's temporary id is replaced by '' on submit); a row with an id updates that certification.
 */
export const ZCertificationInput = z
  .object({
    id: z
      .union([z.uuid(), z.literal('')])
      .nullish()
      .transform((v) => v || undefined),
    productFamilyId: z.uuid(),
    certificationDate: ZEpochMs,
    expirationDate: ZEpochMs,
  })
  .refine((c) => c.expirationDate >= c.certificationDate, {
    path: ['expirationDate'],
    message: 'must not be before the certification date',
  });
export type TCertificationInput = z.infer<typeof ZCertificationInput>;

/** spec 002 §5: e-mail and employeeId required. */
export const ZCertifiedUserInput = z.object({
  email: ZText.trim().pipe(z.email('must be an e-mail address')),
  employeeId: ZText.trim().min(1, 'is required').max(100),
  certifications: z.array(ZCertificationInput).max(200).default([]),
});
export type TCertifiedUserInput = z.input<typeof ZCertifiedUserInput>;

/** PATCH: fields left out stay as they are; `certifications`, when given, replaces the whole set. */
export const ZCertifiedUserPatch = z.object({
  email: ZCertifiedUserInput.shape.email.optional(),
  employeeId: ZCertifiedUserInput.shape.employeeId.optional(),
  certifications: z.array(ZCertificationInput).max(200).optional(),
});
export type TCertifiedUserPatch = z.input<typeof ZCertifiedUserPatch>;

export const ZCertifiedUserListQuery = ZListQuery;

/** spec 002 §9: certified users sorted by e-mail ascending. */
export const CertifiedUserSortKeys = ['email', 'employeeId', 'earliestExpiration'] as const;

/** spec 002 §5, §9: a new certification runs from today for two years. */
export const CERTIFICATION_YEARS = 2;
