import { z } from 'zod';
import { AccountFlags } from './levels.js';
import { ZText } from './common.js';

export const ZEmail = ZText.trim().toLowerCase().pipe(z.email({ message: 'must be an e-mail address' }));

/** Login screen: e-mail non-empty; in password mode the password non-empty (002 §5). */
export const ZExternalLogin = z.object({
  email: ZEmail,
  password: ZText.min(1, 'must not be empty').max(200),
});
export const ZAccessToken = z.object({ accessToken: z.string() });

/**
 * Password rule (002 §5): longer than 8 characters, with an upper case letter, a lower case letter and a digit.
 * The hint text says 'at least 8 characters' (kept word for word in the UI); the rule is the stricter one.
 */
export const passwordProblems = (pw: string): string[] => {
  const problems: string[] = [];
  if (pw.length <= 8) problems.push('must be longer than 8 characters');
  if (!/[A-Z]/.test(pw)) problems.push('must contain an upper case letter');
  if (!/[a-z]/.test(pw)) problems.push('must contain a lower case letter');
  if (!/[0-9]/.test(pw)) problems.push('must contain a digit');
  return problems;
};
export const ZPassword = ZText.max(200).superRefine((pw, ctx) => {
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

/** Public configuration the login screen needs before anyone is signed in. */
/** GET /auth/config: what the login screen needs before sign-in (publicUrl names the address sign-in works at). */
export const ZPublicConfig = z.object({ companyEmailDomain: z.string(), publicUrl: z.string() });
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
export const isStaffEmail = (email: string, companyDomain: string) =>
  email.trim().toLowerCase().endsWith('@' + companyDomain.toLowerCase());
