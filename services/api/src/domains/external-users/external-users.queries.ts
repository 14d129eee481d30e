import { sql } from 'kysely';
import type { Db } from '@insp/db';
import type { TExternalUser } from '@insp/contracts';

/**
 * Kysely queries of the distributor (external user) admin. Every query takes the caller's scope:
 * `companyId` null = staff (all distributors), otherwise a distributor admin confined to that company.
 * Staff rows (kind 'staff') are never selected or changed here.
 */
export interface Scope {
  companyId: string | null;
}

export function scopedUsers(db: Db, scope: Scope) {
  let q = db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .where('users.kind', '=', 'distributor')
    .where('users.deleted_at', 'is', null);
  if (scope.companyId) q = q.where('users.company_id', '=', scope.companyId);
  return q;
}

export function selectExternalUsers(db: Db, scope: Scope) {
  return scopedUsers(db, scope).select([
    'users.id',
    'users.name',
    'users.email',
    'users.company_id',
    'companies.name as company_name',
    'users.distributor_admin',
    'users.expires_at',
    sql<boolean>`users.password_hash is not null`.as('has_password'),
    // kept from user_product_categories by a trigger, sorted (migration 0058): no subquery per row (issue 18)
    'users.product_category_ids',
  ]);
}

const ALL_COMPANIES = '00000000-0000-0000-0000-000000000000';

/**
 * The number of live distributors in the scope, kept by a trigger (user_counts, migration 0058): the list's page
 * statement reads it instead of counting them. `companyId` may be a statement template's stand-in.
 */
export const keptExternalUserCount = (companyId: unknown) =>
  sql<number>`(select n from user_counts where kind = 'distributor' and company_key = ${companyId === null ? sql.raw(`'${ALL_COMPANIES}'::uuid`) : companyId})`;

type Row = {
  id: string;
  name: string;
  email: string;
  company_id: string | null;
  company_name: string | null;
  distributor_admin: boolean;
  expires_at: Date | null;
  has_password: boolean;
  product_category_ids: string[];
};

export function toExternalUser(r: Row, now = Date.now()): TExternalUser {
  const expires = r.expires_at ? (r.expires_at instanceof Date ? r.expires_at : new Date(r.expires_at)).getTime() : null;
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    company: r.company_id ? { id: r.company_id, name: r.company_name ?? '' } : null,
    categories: r.product_category_ids.map((productCategoryId) => ({ productCategoryId })),
    distributorAdmin: r.distributor_admin,
    expires,
    hasPassword: r.has_password,
    // 002 §4: password not set, then active until the expires date, then expired.
    status: !r.has_password ? 'passwordNotSet' : expires !== null && expires < now ? 'expired' : 'active',
  };
}

export async function findExternalUser(db: Db, scope: Scope, id: string) {
  const row = await selectExternalUsers(db, scope).where('users.id', '=', id).executeTakeFirst();
  return row ? toExternalUser(row) : undefined;
}

/** Another live user (staff or distributor, any company) already holding the e-mail. */
export async function emailTaken(db: Db, email: string, exceptId?: string) {
  let q = db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).where('deleted_at', 'is', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function replaceCategories(db: Db, userId: string, categoryIds: string[]) {
  await db.deleteFrom('user_product_categories').where('user_id', '=', userId).execute();
  const unique = [...new Set(categoryIds)];
  if (unique.length) {
    await db.insertInto('user_product_categories').values(unique.map((product_category_id) => ({ user_id: userId, product_category_id }))).execute();
  }
}

export async function existingCategoryIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db.selectFrom('product_categories').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}
