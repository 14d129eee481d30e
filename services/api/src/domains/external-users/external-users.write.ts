import { sql } from 'kysely';
import type { ZExternalUserInput, TExternalUser } from '@insp/contracts';
import type { z } from 'zod';
import { AppError, inTransaction, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { sendPasswordLink } from '../auth/password.service.js';
import { emailTaken, existingCategoryIds, findExternalUser, replaceCategories } from './external-users.queries.js';
import { externalUsersScope, type ScopedContext } from './external-users.service.js';

type Input = z.output<typeof ZExternalUserInput>;

/**
 * Decision: a distributor account runs for one year from creation, and Activate renews it to one year from
 * the moment of activation (002 §4 says only that activating an expired row renews it).
 */
export const ACCOUNT_PERIOD_MS = 365 * 24 * 3600_000;
const renewedExpiry = () => new Date(Date.now() + ACCOUNT_PERIOD_MS);

const conflictEmail = () => new AppError('CONFLICT', 'email: another user already has this e-mail address', 'email');
const conflictCompany = () => new AppError('CONFLICT', 'company.name: a company with this name exists: choose it from the list', 'company.name');

/** Checks shared by create and update; returns the company id the user will belong to. */
async function checkInput(s: ScopedContext, input: Input, current: { companyId: string | null; distributorAdmin: boolean } | null) {
  const domain = s.config.companyEmailDomain;
  if (input.email.endsWith(`@${domain}`) || input.email.endsWith(`.${domain}`)) {
    throw new AppError('BAD_REQUEST', `email: @${domain} addresses sign in through single sign-on and cannot be distributors`, 'email');
  }
  const known = await existingCategoryIds(s.db, input.categories.map((c) => c.productCategoryId));
  if (known.length !== new Set(input.categories.map((c) => c.productCategoryId)).size) {
    throw new AppError('BAD_REQUEST', 'categories: unknown category', 'categories');
  }
  if (s.scope.companyId) {
    // Decision: distributor admins cannot grant or take away the distributor-admin flag, and their users
    // stay in their own company (002 §5: they do not see those fields at all).
    if (input.distributorAdmin !== (current?.distributorAdmin ?? false)) {
      throw new AppError('FORBIDDEN', 'distributorAdmin: only staff can change the distributor-admin flag', 'distributorAdmin');
    }
    const c = input.company;
    if (c && (c.id ? c.id !== s.scope.companyId : c.name !== undefined)) {
      throw new AppError('FORBIDDEN', 'company: users stay in your own company', 'company');
    }
    return { companyId: s.scope.companyId, newCompanyName: null };
  }
  const c = input.company;
  if (c?.id) {
    const found = await s.db.selectFrom('companies').select('id').where('id', '=', c.id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!found) throw new AppError('BAD_REQUEST', 'company: unknown company', 'company');
    return { companyId: c.id, newCompanyName: null };
  }
  if (c?.name) return { companyId: null, newCompanyName: c.name };
  if (current?.companyId) return { companyId: current.companyId, newCompanyName: null };
  throw new AppError('BAD_REQUEST', 'company: choose a company or enter a new company name', 'company');
}

/**
 * Decision: a new company name that a live company already has (any case) is refused with 409, for staff too,
 * rather than silently reusing that company: the form offers existing companies in a list, and a typed name
 * that collides is more likely a mistake than a wish to join that company.
 */
async function companyFor(tx: ServiceContext, target: { companyId: string | null; newCompanyName: string | null }) {
  if (target.companyId) return target.companyId;
  const name = target.newCompanyName!;
  const existing = await tx.db
    .selectFrom('companies')
    .select('id')
    .where(sql`lower(name)`, '=', sql`lower(${name})`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (existing) throw conflictCompany();
  const created = await tx.db.insertInto('companies').values({ name }).returning('id').executeTakeFirstOrThrow();
  return created.id;
}

/** The unique indexes are the last word when two requests race; any other violation is a bug and stays a 500. */
async function mapUniqueViolation<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    const err = e as { code?: string; constraint?: string };
    if (err.code === '23505' && err.constraint === 'users_email_unique') throw conflictEmail();
    if (err.code === '23505' && err.constraint === 'companies_name_unique') throw conflictCompany();
    throw e;
  }
}

/** POST api/v1/externalUsers: the user, its company (existing or new), its categories and the set-password e-mail, in one transaction. */
export async function createExternalUser(ctx: ServiceContext, input: Input): Promise<TExternalUser> {
  const s = externalUsersScope(ctx);
  const target = await checkInput(s, input, null);
  const id = await mapUniqueViolation(() =>
    inTransaction(s, async (tx) => {
      if (await emailTaken(tx.db, input.email)) throw conflictEmail();
      const companyId = await companyFor(tx, target);
      const user = await tx.db
        .insertInto('users')
        .values({ kind: 'distributor', email: input.email, name: input.name, company_id: companyId, distributor_admin: input.distributorAdmin, expires_at: renewedExpiry() })
        .returning(['id', 'email', 'name'])
        .executeTakeFirstOrThrow();
      await replaceCategories(tx.db, user.id, input.categories.map((c) => c.productCategoryId));
      await sendPasswordLink(tx, user, 'set-password');
      return user.id;
    }),
  );
  return (await findExternalUser(s.db, s.scope, id))!;
}

/** The row being edited, locked until the transaction ends, so a concurrent staff change is either seen here or waits. */
async function currentRowForUpdate(s: ScopedContext, id: string) {
  let q = s.db
    .selectFrom('users')
    .select(['id', 'email', 'company_id', 'distributor_admin', sql<boolean>`password_hash is not null`.as('has_password')])
    .where('id', '=', id)
    .where('kind', '=', 'distributor')
    .where('deleted_at', 'is', null);
  if (s.scope.companyId) q = q.where('company_id', '=', s.scope.companyId);
  const row = await q.forUpdate().executeTakeFirst();
  if (!row) throw notFound('Distributor');
  return row;
}

/**
 * Security: a new e-mail address retires every link sent to the old one (consumeAuthToken checks only the user,
 * the hash and that the token is unused and unexpired) and ends the user's sessions. A user who has not set a
 * password yet gets a fresh set-password link at the new address, so the account stays reachable.
 */
async function retireOldAddress(tx: ServiceContext, user: { id: string; email: string; name: string; hasPassword: boolean }) {
  await tx.db.updateTable('auth_tokens').set({ used_at: sql`now()` }).where('user_id', '=', user.id).where('used_at', 'is', null).execute();
  await tx.db.updateTable('auth_sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
  if (!user.hasPassword) await sendPasswordLink(tx, user, 'set-password');
}

/** PUT api/v1/externalUsers/{id}. */
export async function updateExternalUser(ctx: ServiceContext, id: string, input: Input): Promise<TExternalUser> {
  const s = externalUsersScope(ctx);
  await mapUniqueViolation(() =>
    inTransaction(s, async (tx) => {
      const ts: ScopedContext = { ...s, db: tx.db };
      const row = await currentRowForUpdate(ts, id);
      const target = await checkInput(ts, input, { companyId: row.company_id, distributorAdmin: row.distributor_admin });
      if (await emailTaken(tx.db, input.email, id)) throw conflictEmail();
      const companyId = await companyFor(tx, target);
      // A distributor admin never writes the company or the admin flag (checkInput only lets them send the
      // current values), so their save cannot undo a staff change made while their form was open.
      const set = s.scope.companyId
        ? { name: input.name, email: input.email, updated_at: sql<Date>`now()` }
        : { name: input.name, email: input.email, company_id: companyId, distributor_admin: input.distributorAdmin, updated_at: sql<Date>`now()` };
      // The scope is repeated in the write itself, so a row that left the caller's company meanwhile is untouched.
      let q = tx.db.updateTable('users').set(set).where('id', '=', id).where('kind', '=', 'distributor').where('deleted_at', 'is', null);
      if (s.scope.companyId) q = q.where('company_id', '=', s.scope.companyId);
      const r = await q.executeTakeFirst();
      if (!Number(r.numUpdatedRows)) throw notFound('Distributor');
      await replaceCategories(tx.db, id, input.categories.map((c) => c.productCategoryId));
      if (row.email.toLowerCase() !== input.email.toLowerCase()) {
        await retireOldAddress(tx, { id, email: input.email, name: input.name, hasPassword: row.has_password });
      }
    }),
  );
  return (await findExternalUser(s.db, s.scope, id))!;
}

/** DELETE api/v1/externalUsers/{id}: soft delete, and every session of the user ends at once. */
export async function deleteExternalUser(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const s = externalUsersScope(ctx);
  // Decision: nobody deletes their own account here (a distributor admin would lock themselves out for good).
  if (id === s.actor.userId) throw new AppError('FORBIDDEN', 'You cannot delete your own account.');
  await inTransaction(s, async (tx) => {
    let q = tx.db.updateTable('users').set({ deleted_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', id).where('kind', '=', 'distributor').where('deleted_at', 'is', null);
    if (s.scope.companyId) q = q.where('company_id', '=', s.scope.companyId);
    const r = await q.executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound('Distributor');
    await tx.db.updateTable('auth_sessions').set({ revoked_at: sql`now()` }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
  });
  return { id };
}

/** POST api/v1/externalUsers/{id}/activate: renews the account (see ACCOUNT_PERIOD_MS). */
export async function activateExternalUser(ctx: ServiceContext, id: string): Promise<TExternalUser> {
  const s = externalUsersScope(ctx);
  // Decision: nobody renews their own account, or the one-year expiry would mean nothing for distributor admins.
  if (id === s.actor.userId) throw new AppError('FORBIDDEN', 'You cannot activate your own account.');
  let q = s.db.updateTable('users').set({ expires_at: renewedExpiry(), updated_at: sql`now()` }).where('id', '=', id).where('kind', '=', 'distributor').where('deleted_at', 'is', null);
  if (s.scope.companyId) q = q.where('company_id', '=', s.scope.companyId);
  const r = await q.executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw notFound('Distributor');
  return (await findExternalUser(s.db, s.scope, id))!;
}
