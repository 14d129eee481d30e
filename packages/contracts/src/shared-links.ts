import { z } from 'zod';
import { ZId } from './common.js';
import { ZReportLang } from './report.js';

// Issue 20: shared report links (docs/decisions.md "Shared report links").

export const SharedLinkKinds = ['audit_report', 'inspection_report'] as const;
export type TSharedLinkKind = (typeof SharedLinkKinds)[number];

/** `?lang&days` of a storageurl call: the report language and, optionally, the link's lifetime in whole days. */
export const ZSharedLinkQuery = z.object({
  lang: ZReportLang,
  days: z.coerce.number().int('must be a whole number of days').min(1, 'must be at least 1 day').optional(),
});

/** What a storageurl call answers (000 §7 "a download link"): the shared link, its expiry and the file's name. */
export const ZSharedLinkUrl = z.object({ url: z.string(), expiresAt: z.number(), fileName: z.string(), id: ZId.optional() });
export type TSharedLinkUrl = z.infer<typeof ZSharedLinkUrl>;

/** One live link of a report; the token (the link itself) is shown only when it is made. */
export const ZSharedLink = z.object({
  id: ZId,
  lang: z.string(),
  fileName: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  createdBy: z.string().nullable(),
});
export type TSharedLink = z.infer<typeof ZSharedLink>;

export const ZSharedLinkTarget = z.object({ kind: z.enum(SharedLinkKinds), targetId: ZId });
export type TSharedLinkTarget = z.infer<typeof ZSharedLinkTarget>;

/** A report's live links, with the lifetimes a sharer may choose (the product's settings). */
export const ZSharedLinkList = z.object({ result: z.array(ZSharedLink), defaultDays: z.number(), maxDays: z.number() });
export type TSharedLinkList = z.infer<typeof ZSharedLinkList>;

export const ZSharedLinkRevoked = z.object({ id: ZId, revokedAt: z.number() });
