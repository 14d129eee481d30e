import { P, type TCertifiedUser } from '@insp/contracts';
import type { z } from 'zod';
import type { ZCertifiedUserPatch } from '@insp/contracts';
import { AppError, inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import {
  assertEmailFree,
  assertFamiliesExist,
  getCertified,
  insertCertifications,
  uniqueEmail,
  type CertificationRows,
} from './certified-users.service.js';

export type CertifiedUserPatch = z.output<typeof ZCertifiedUserPatch>;

/**
 * PATCH a certified user. Fields left out stay; `certifications`, when given, is the new set: rows with an
 * id are updated, rows without one created, certifications not listed deleted. All in one transaction, so a
 * bad row (unknown family, foreign id) leaves the old set as it was.
 */
export async function updateCertified(ctx: ServiceContext, id: string, patch: CertifiedUserPatch): Promise<TCertifiedUser> {
  const c = requirePermission(ctx, P.certifications);
  await uniqueEmail(() =>
    inTransaction(c, async (tx) => {
      // Row lock: two edits of the same user's set run one after the other, never interleaved.
      const user = await tx.db.selectFrom('certified_users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
      if (!user) throw notFound('Certified user');
      if (patch.email !== undefined) await assertEmailFree(tx, patch.email, id);
      if (patch.email !== undefined || patch.employeeId !== undefined) {
        await tx.db
          .updateTable('certified_users')
          .set({ ...(patch.email !== undefined ? { email: patch.email } : {}), ...(patch.employeeId !== undefined ? { employee_id: patch.employeeId } : {}) })
          .where('id', '=', id)
          .execute();
      }
      if (patch.certifications) await replaceCertifications(tx, id, patch.certifications);
    }),
  );
  return getCertified(c, id);
}

async function replaceCertifications(tx: ServiceContext, userId: string, rows: CertificationRows) {
  const existing = new Set(
    (await tx.db.selectFrom('certifications').select('id').where('certified_user_id', '=', userId).execute()).map((r) => r.id),
  );
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    if (!r.id) return;
    // Only this user's certifications can be kept or edited; an id twice would be ambiguous.
    if (!existing.has(r.id) || seen.has(r.id)) {
      throw new AppError('BAD_REQUEST', `certifications.${i}.id: not a certification of this user`, `certifications.${i}.id`);
    }
    seen.add(r.id);
  });
  await assertFamiliesExist(tx, rows);

  const drop = [...existing].filter((x) => !seen.has(x));
  if (drop.length) await tx.db.deleteFrom('certifications').where('id', 'in', drop).execute();
  for (const r of rows) {
    if (!r.id) continue;
    await tx.db
      .updateTable('certifications')
      .set({ product_family_id: r.productFamilyId, certification_date: new Date(r.certificationDate), expiration_date: new Date(r.expirationDate) })
      .where('id', '=', r.id)
      .execute();
  }
  await insertCertifications(tx, userId, rows.filter((r) => !r.id));
}
