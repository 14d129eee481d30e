import { isStaffEmail } from '@insp/contracts';
import { findUserByEmail, upsertStaffUser } from '@insp/db';
import { inTransaction, type ServiceContext } from '../../context.js';
import type { StaffIdentity } from './oidc-client.js';
import { startSession } from './session.service.js';

/** Why a sign-in at the identity provider did not give a session; the login screen reads it from ?loginError=. */
export type StaffSignInRefusal = 'not_company_email' | 'email_not_verified' | 'not_staff_account';

/**
 * Staff sign-in after the identity provider vouched for the person (spec 002 §1: staff are recognised by
 * an e-mail in the company domain). The user record is created or refreshed with the provider's name and
 * groups at every sign-in, so a change of groups takes effect at the next one; the ID token is kept for
 * the provider's logout.
 */
export async function staffSignIn(
  ctx: ServiceContext,
  identity: StaffIdentity,
): Promise<{ ok: true; accessToken: string } | { ok: false; reason: StaffSignInRefusal }> {
  if (!isStaffEmail(identity.email, ctx.config.companyEmailDomain)) return { ok: false, reason: 'not_company_email' };
  if (!identity.emailVerified) return { ok: false, reason: 'email_not_verified' };
  return inTransaction(ctx, async (tx) => {
    // A distributor account never becomes staff through the identity provider, whatever its e-mail.
    const existing = await findUserByEmail(tx.db, identity.email);
    if (existing && existing.kind !== 'staff') return { ok: false as const, reason: 'not_staff_account' as const };
    const user = await upsertStaffUser(tx.db, { email: identity.email, name: identity.name, groups: identity.groups });
    const { accessToken } = await startSession(tx, user.id, { idToken: identity.idToken });
    return { ok: true as const, accessToken };
  });
}
