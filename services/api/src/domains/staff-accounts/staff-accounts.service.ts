import { sql } from 'kysely';
import { AccountFlags, P, type TListQuery, type TListResponse, type TStaffAccount, type TStaffAccountFlags } from '@insp/contracts';
import { writeAuditTrail } from '@insp/db';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { forbidden, notFound } from '../../errors.js';
import { listPage } from '../../lib/list.js';
import { findStaffAccount, knownFlags, selectStaffAccounts, staffUsers, toStaffAccount } from './staff-accounts.queries.js';

/** GET api/v1/staffaccounts: one page of staff users, searched (name, e-mail) and sorted in SQL; default name ascending. */
export async function listStaffAccounts(ctx: ServiceContext, query: TListQuery): Promise<TListResponse<TStaffAccount>> {
  const c = requirePermission(ctx, P.staffAccounts);
  const page = await listPage(c.db, selectStaffAccounts(c.db), query, {
    // name: users_kind_name; search: the trigram indexes on users.name and users.email.
    sortable: {
      name: sql`users.name`,
      email: sql`lower(users.email)`,
      lastSignIn: { expr: sql`users.last_login_at`, emptyLast: true },
    },
    defaultSort: { key: 'name', direction: 'asc' },
    tieBreaker: sql`users.id`,
    search: (pattern) => sql<boolean>`(users.name ilike ${pattern} or users.email ilike ${pattern})`,
  });
  return { ...page, result: page.result.map(toStaffAccount) };
}

export async function getStaffAccount(ctx: ServiceContext, id: string): Promise<TStaffAccount> {
  const c = requirePermission(ctx, P.staffAccounts);
  const account = await findStaffAccount(c.db, id);
  if (!account) throw notFound('Staff account');
  return account;
}

/**
 * PUT api/v1/staffaccounts/{id}/flags: replaces the user's Rater, CertificationManager and Developer flags.
 * Rights are read on every request, so the change applies to the user's next call. A change writes one
 * audit_trail row (actor, before, after) in the same transaction; saving the same flags again writes none.
 */
export async function setStaffAccountFlags(ctx: ServiceContext, id: string, input: TStaffAccountFlags): Promise<TStaffAccount> {
  const c = requirePermission(ctx, P.staffAccounts);
  // Nobody raises or lowers their own rights: a Developer cannot make themselves a Rater, nor drop the
  // flag that lets them in here by mistake.
  if (id === c.actor.userId) throw forbidden('You cannot change your own account flags.');
  const wanted = knownFlags(input.flags);
  await inTransaction(c, async (tx) => {
    // Row lock: two admins saving the same user run one after the other, each audit row's "before" is true.
    const row = await staffUsers(tx.db).select(['users.account_flags']).where('users.id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('Staff account');
    const before = knownFlags(row.account_flags);
    if (before.join() === wanted.join()) return;
    // Values we do not know (none are expected) are kept, not silently dropped.
    const others = row.account_flags.filter((f) => !(AccountFlags as readonly string[]).includes(f));
    await tx.db.updateTable('users').set({ account_flags: [...others, ...wanted] }).where('id', '=', id).execute();
    await writeAuditTrail(tx.db, {
      entityType: 'user',
      entityId: id,
      actorUserId: c.actor.userId,
      action: 'update_flags',
      changes: { before: { flags: before }, after: { flags: wanted } },
    });
  });
  return getStaffAccount(c, id);
}
