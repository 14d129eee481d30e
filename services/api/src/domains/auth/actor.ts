import {
  AccountFlags,
  distributorLevel,
  staffLevelFromGroups,
  type AccountFlag,
  type Actor,
  type TAuthUser,
} from '@insp/contracts';
import type { SessionUserRow } from '@insp/db';

/**
 * Level and flags from the user record, resolved on every request, so a change of rights takes effect
 * at once. Staff: groups the identity provider gave at sign-in (or a Developer's debug-token override).
 * Distributors: distributor admin or not, and whether the account has expired.
 */
export function actorFromSession(row: SessionUserRow, now = new Date()): Actor {
  const flags = row.account_flags.filter((f: string): f is AccountFlag => (AccountFlags as readonly string[]).includes(f));
  if (row.kind === 'staff') {
    return {
      userId: row.id,
      email: row.email,
      kind: 'staff',
      level: staffLevelFromGroups(row.groups_override ?? row.idp_groups),
      flags,
      companyId: null,
      distributorAdmin: false,
    };
  }
  const expired = !!row.expires_at && row.expires_at.getTime() < now.getTime();
  return {
    userId: row.id,
    email: row.email,
    kind: 'distributor',
    level: distributorLevel({ distributorAdmin: row.distributor_admin, expired }),
    flags: expired ? [] : flags,
    companyId: row.company_id,
    distributorAdmin: row.distributor_admin,
  };
}

/** The signed-in user as /auth/user answers it; `companyName` is the name of the row's company (null: none). */
export function authUserOf(row: SessionUserRow, companyName: string | null): TAuthUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    externalUser: row.kind === 'distributor',
    externalUserCompany: row.company_id ? { id: row.company_id, name: companyName ?? '' } : null,
    externalUserDistributorAdmin: row.kind === 'distributor' && row.distributor_admin,
  };
}
