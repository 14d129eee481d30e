import { P, type TCertifiedUser, type TListQuery, type TListResponse } from '@insp/contracts';
import type { z } from 'zod';
import type { ZCertificationInput, ZCertifiedUserInput } from '@insp/contracts';
import { AppError, inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { emailTaken, familyOptions, findCertifiedUser, listCertifiedUsers, missingFamilies } from './certified-users.repo.js';

export type CertificationRows = z.output<typeof ZCertificationInput>[];
export type CertifiedUserData = z.output<typeof ZCertifiedUserInput>;

/** spec 002 §2: /certifications is for holders of the CertificationManager flag only (P.certifications). */
export async function listCertified(ctx: ServiceContext, query: TListQuery): Promise<TListResponse<TCertifiedUser>> {
  const c = requirePermission(ctx, P.certifications);
  return listCertifiedUsers(c.db, query);
}

/** The family picker of the certification rows; same rule, so the dialog needs no other permission. */
export async function certificationFamilies(ctx: ServiceContext) {
  const c = requirePermission(ctx, P.certifications);
  return familyOptions(c.db);
}

export async function getCertified(ctx: ServiceContext, id: string): Promise<TCertifiedUser> {
  const c = requirePermission(ctx, P.certifications);
  const user = await findCertifiedUser(c.db, id);
  if (!user) throw notFound('Certified user');
  return user;
}

export async function createCertified(ctx: ServiceContext, data: CertifiedUserData): Promise<TCertifiedUser> {
  const c = requirePermission(ctx, P.certifications);
  // User and certifications are one write: a bad row leaves nothing behind.
  const id = await uniqueEmail(() =>
    inTransaction(c, async (tx) => {
      await assertEmailFree(tx, data.email);
      await assertFamiliesExist(tx, data.certifications);
      const user = await tx.db
        .insertInto('certified_users')
        .values({ email: data.email, employee_id: data.employeeId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await insertCertifications(tx, user.id, data.certifications);
      return user.id;
    }),
  );
  return getCertified(c, id);
}

export async function deleteCertified(ctx: ServiceContext, id: string): Promise<void> {
  const c = requirePermission(ctx, P.certifications);
  // Certifications go with their user (on delete cascade); the table has no soft delete (spec is silent).
  const gone = await c.db.deleteFrom('certified_users').where('id', '=', id).returning('id').executeTakeFirst();
  if (!gone) throw notFound('Certified user');
}

export async function assertEmailFree(ctx: ServiceContext, email: string, exceptId?: string) {
  if (await emailTaken(ctx.db, email, exceptId)) {
    throw new AppError('CONFLICT', `email: a certified user with the e-mail ${email} already exists`, 'email');
  }
}

/** 400 naming the first row whose product family does not exist, e.g. certifications.0.productFamilyId. */
export async function assertFamiliesExist(ctx: ServiceContext, rows: CertificationRows) {
  const missing = await missingFamilies(ctx.db, rows.map((r) => r.productFamilyId));
  const i = rows.findIndex((r) => missing.has(r.productFamilyId));
  if (i >= 0) {
    throw new AppError('BAD_REQUEST', `certifications.${i}.productFamilyId: product family not found`, `certifications.${i}.productFamilyId`);
  }
}

export async function insertCertifications(ctx: ServiceContext, userId: string, rows: CertificationRows) {
  if (!rows.length) return;
  await ctx.db
    .insertInto('certifications')
    .values(
      rows.map((r) => ({
        certified_user_id: userId,
        product_family_id: r.productFamilyId,
        certification_date: new Date(r.certificationDate),
        expiration_date: new Date(r.expirationDate),
      })),
    )
    .execute();
}

/** Two concurrent writes of the same e-mail both pass the check; the unique index decides, answered as 409. */
export async function uniqueEmail<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if ((err as { code?: string }).code === '23505') {
      throw new AppError('CONFLICT', 'email: a certified user with this e-mail already exists', 'email');
    }
    if ((err as { code?: string }).code === '23503') {
      throw new AppError('BAD_REQUEST', 'certifications: product family not found', 'certifications');
    }
    throw err;
  }
}
