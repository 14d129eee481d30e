import { AccountFlags, staffLevelFromGroups, type AccountFlag, type TStaffAccount } from '@insp/contracts';
import type { Db } from '@insp/db';

/**
 * Kysely queries of the staff accounts screen. Only live staff rows (kind 'staff') are ever selected or
 * changed here; a distributor's id finds nothing, so it answers 404 like an unknown id.
 */
export function staffUsers(db: Db) {
  return db.selectFrom('users').where('users.kind', '=', 'staff').where('users.deleted_at', 'is', null);
}

export function selectStaffAccounts(db: Db) {
  return staffUsers(db).select(['users.id', 'users.name', 'users.email', 'users.idp_groups', 'users.last_login_at', 'users.account_flags']);
}

type Row = { id: string; name: string; email: string; idp_groups: string[]; last_login_at: Date | null; account_flags: string[] };

export const knownFlags = (flags: readonly string[]): AccountFlag[] => AccountFlags.filter((f) => flags.includes(f));

export function toStaffAccount(r: Row): TStaffAccount {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    // The identity provider's groups as stored at the last sign-in; a debug token's override never shows here.
    level: staffLevelFromGroups(r.idp_groups),
    lastSignIn: r.last_login_at ? new Date(r.last_login_at).getTime() : null,
    flags: knownFlags(r.account_flags),
  };
}

export async function findStaffAccount(db: Db, id: string) {
  const row = await selectStaffAccounts(db).where('users.id', '=', id).executeTakeFirst();
  return row ? toStaffAccount(row) : undefined;
}
