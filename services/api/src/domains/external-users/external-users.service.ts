import { sql } from 'kysely';
import { P, type TCompany, type TExternalUser, type TListQuery, type TListResponse } from '@insp/contracts';
import { requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { forbidden, notFound } from '../../errors.js';
import { listPage, type ListSpec } from '../../lib/list.js';
import type { DB } from '@insp/db';
import { selectExternalUsers, findExternalUser, keptExternalUserCount, toExternalUser, type Scope } from './external-users.queries.js';

export type ScopedContext = AuthedContext & { scope: Scope };

/**
 * Who may manage distributors, and over which rows.
 * Staff need P.externalUsers (Manager, or the Developer flag) and see every company.
 * Distributors need P.userManagement (distributor admins only) and are confined to their own company —
 * even one holding an account flag that would pass P.externalUsers, so the company scope can never be skipped.
 */
export function externalUsersScope(ctx: ServiceContext): ScopedContext {
  if (ctx.actor?.kind === 'distributor') {
    const authed = requirePermission(ctx, P.userManagement);
    // A distributor admin without a company has nobody to manage and nowhere to put a new user.
    if (!authed.actor.companyId) throw forbidden('You belong to no company, so there are no users for you to manage.');
    return { ...authed, scope: { companyId: authed.actor.companyId } };
  }
  const authed = requirePermission(ctx, P.externalUsers);
  return { ...authed, scope: { companyId: null } };
}

// The same for every request: built once (issue 18).
const listSpec: ListSpec<DB, 'users'> = {
  sortable: {
    name: sql`users.name`,
    email: sql`users.email`,
    company: { expr: sql`companies.name`, emptyLast: true },
    distributorAdmin: sql`users.distributor_admin`,
    expires: { expr: sql`users.expires_at`, emptyLast: true },
    hasPassword: sql`(users.password_hash is not null)`,
  },
  defaultSort: { key: 'name', direction: 'desc' },
  tieBreaker: sql`users.id`,
  search: (pattern) => sql<boolean>`(users.name ilike ${pattern} or users.email ilike ${pattern} or companies.name ilike ${pattern})`,
};

/** GET api/v1/externalUsers: one page, sorted and searched in SQL (002 §9: default sort name descending). */
export async function listExternalUsers(ctx: ServiceContext, query: TListQuery): Promise<TListResponse<TExternalUser>> {
  const s = externalUsersScope(ctx);
  // Distributor accounts number in the thousands: one plan serves every page and search, so the page statement
  // is a template, compiled once per shape and prepared (lib/list.ts ListTemplate).
  const companyId = s.scope.companyId;
  const base = {
    shape: companyId ? 'externalUsers:company' : 'externalUsers:all',
    values: companyId ? { companyId } : {},
    build: (v: Record<string, never>) => selectExternalUsers(s.db, { companyId: companyId ? v.companyId! : null }),
    keptCount: (v: Record<string, never>) => keptExternalUserCount(companyId ? v.companyId! : null),
  };
  const now = Date.now();
  return listPage(s.db, base, query, listSpec, (r) => toExternalUser(r, now));
}

export async function getExternalUser(ctx: ServiceContext, id: string): Promise<TExternalUser> {
  const s = externalUsersScope(ctx);
  const user = await findExternalUser(s.db, s.scope, id);
  if (!user) throw notFound('Distributor');
  return user;
}

/** GET api/v1/companies: every live company for staff; a distributor admin only their own. */
export async function listCompanies(ctx: ServiceContext): Promise<TCompany[]> {
  const s = externalUsersScope(ctx);
  let q = s.db.selectFrom('companies').select(['id', 'name']).where('deleted_at', 'is', null);
  if (s.scope.companyId) q = q.where('id', '=', s.scope.companyId);
  return q.orderBy('name').orderBy('id').execute();
}

/** The categories (divisions) a distributor can be given, for the form's choices. */
export async function listProductCategories(ctx: ServiceContext) {
  const s = externalUsersScope(ctx);
  return s.db.selectFrom('product_categories').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}
