import { z } from 'zod';
import { AccountFlags } from './levels.js';
import { ZListQuery } from './common.js';

// Staff accounts (issue 6): who holds the Rater, CertificationManager and Developer flags. See docs/decisions.md.

export const ZAccountFlag = z.enum(AccountFlags);

/** A staff user as the staff accounts screen shows it. Level and last sign-in are read-only. */
export const ZStaffAccount = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Level the identity provider's groups gave at the last sign-in (staffLevelFromGroups): 0 None … 3 Admin. */
  level: z.number().int(),
  /** Last sign-in, epoch ms; null when none is recorded (an account made by the seed, for example). */
  lastSignIn: z.number().nullable(),
  flags: z.array(ZAccountFlag),
});
export type TStaffAccount = z.infer<typeof ZStaffAccount>;

export const ZStaffAccountListQuery = ZListQuery;
/** Default sort: name ascending. Level and flags are not sort keys (level is derived from the groups). */
export const StaffAccountSortKeys = ['name', 'email', 'lastSignIn'] as const;

/** PUT api/v1/staffaccounts/{id}/flags: the new set of flags (replaces the old one; repeats collapse). */
export const ZStaffAccountFlags = z.object({
  flags: z
    .array(ZAccountFlag)
    .max(10)
    .transform((f) => AccountFlags.filter((known) => f.includes(known))),
});
export type TStaffAccountFlags = z.input<typeof ZStaffAccountFlags>;

/** tRPC update in the react-admin data provider shape ({ id, data }). */
export const ZStaffAccountUpdate = z.object({ id: z.uuid(), data: ZStaffAccountFlags });
