import { z } from 'zod';
import { AccountFlags, StaffGroups } from './levels.js';
import { ZText } from './common.js';

export const ZEmail = ZText.trim().toLowerCase().pipe(z.email({ message: 'must be an e-mail address' }));

/** Login screen: e-mail non-empty; in password mode the password non-empty (002 §5). */
export const ZExternalLogin = z.object({
  email: ZEmail,
  password: ZText.min(1, 'must not be empty').max(200),
});
export const ZAccessToken = z.object({ accessToken: z.string() });

/**
 * The set-password rule (002 §5: longer than 8 characters, an upper case letter, a lower case letter and a digit)
 * and the hint the form shows, from this one definition: whatever the hint allows, the rule accepts
 * (docs/decisions.md, "Password hint and rule"). The old client's hint said 'at least 8 characters' while the rule
 * needed 9; the hint now says what the rule checks. Letters and digits of any script count (Ä, ß, ٣), and length is
 * counted in characters (code points), as a person counts them, not in UTF-16 units.
 */
export const PASSWORD_RULE = { minLength: 9, maxLength: 200, example: 'Granite7Quarry' } as const;

export const PASSWORD_HINT =
  `At least ${PASSWORD_RULE.minLength} characters (at most ${PASSWORD_RULE.maxLength}), with an upper case letter, ` +
  `a lower case letter and a digit, for example ${PASSWORD_RULE.example}`;

export const passwordProblems = (pw: string): string[] => {
  const problems: string[] = [];
  const length = [...pw].length;
  if (length < PASSWORD_RULE.minLength) problems.push(`must be at least ${PASSWORD_RULE.minLength} characters long`);
  if (length > PASSWORD_RULE.maxLength) problems.push(`must be at most ${PASSWORD_RULE.maxLength} characters long`);
  if (!/\p{Lu}/u.test(pw)) problems.push('must contain an upper case letter');
  if (!/\p{Ll}/u.test(pw)) problems.push('must contain a lower case letter');
  if (!/\p{Nd}/u.test(pw)) problems.push('must contain a digit');
  return problems;
};
// No ZText.max: the length is the rule's, counted in characters. ZText still refuses control characters, which
// nobody types into a password field.
export const ZPassword = ZText.superRefine((pw, ctx) => {
  for (const message of passwordProblems(pw)) ctx.addIssue({ code: 'custom', message });
});

export const ZSetPassword = z.object({ password: ZPassword, token: ZText.min(1, 'must not be empty').max(200) });
export const ZForgotPassword = z
  .object({ id: z.uuid().optional(), email: ZEmail.optional() })
  .refine((v) => v.id || v.email, { message: 'id or email is required', path: ['email'] });

export const ZAuthUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  externalUser: z.boolean(),
  externalUserCompany: z.object({ id: z.string(), name: z.string() }).nullable(),
  externalUserDistributorAdmin: z.boolean(),
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

export const ZAuthGroup = z.object({ group: z.number().int(), groupName: z.string() });
export const ZAccountFlags = z.array(z.enum(AccountFlags));

/** Everything the web shell needs about the session in one call. */
export const ZSession = z.object({
  user: ZAuthUser,
  level: z.number().int(),
  flags: ZAccountFlags,
});
export type TSession = z.infer<typeof ZSession>;

export const ZDebugTokenQuery = z.object({
  groups: ZText.default('')
    .transform((s) => s.split(',').map((g) => g.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.enum(['manager', 'admin', 'audit', 'commission', 'inspection', 'mecu']))),
});

/** The web app's SET TOKEN (tRPC auth.debugToken): the same groups as the query's, as a list. */
export const ZDebugTokenInput = z.strictObject({ groups: z.array(z.enum(StaffGroups)).max(StaffGroups.length) });

/** Public configuration the login screen needs before anyone is signed in. */
/** GET /auth/config: what the login screen needs before sign-in (publicUrl names the address sign-in works at). */
export const ZPublicConfig = z.object({ companyEmailDomain: z.string(), publicUrl: z.string() });
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
export const isStaffEmail = (email: string, companyDomain: string) =>
  email.trim().toLowerCase().endsWith('@' + companyDomain.toLowerCase());
