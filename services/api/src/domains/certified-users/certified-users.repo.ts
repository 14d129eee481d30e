import { sql } from 'kysely';
import type { TCertification, TCertifiedUser, TListQuery, TListResponse } from '@insp/contracts';
import type { Db } from '@insp/db';
import { listPage } from '../../lib/list.js';

/** Kysely queries of certified users and their certifications; rows become contract types here. */

const earliestExpiration = sql<Date | null>`(select min(c.expiration_date) from certifications c where c.certified_user_id = certified_users.id)`;

export async function listCertifiedUsers(db: Db, query: TListQuery): Promise<TListResponse<TCertifiedUser>> {
  const base = db.selectFrom('certified_users').select(['certified_users.id', 'certified_users.email', 'certified_users.employee_id']);
  const page = await listPage(db, base, query, {
    sortable: {
      email: sql`lower(certified_users.email)`,
      employeeId: { expr: sql`certified_users.employee_id`, emptyLast: true },
      earliestExpiration: { expr: earliestExpiration, emptyLast: true },
    },
    // spec 002 §9: certified users by e-mail ascending.
    defaultSort: { key: 'email', direction: 'asc' },
    tieBreaker: sql`certified_users.id`,
    search: (p) => sql<boolean>`(certified_users.email ilike ${p} or certified_users.employee_id ilike ${p})`,
  });
  const certs = await certificationsOf(db, page.result.map((u) => u.id));
  return { ...page, result: page.result.map((u) => toUser(u, certs)) };
}

export async function findCertifiedUser(db: Db, id: string): Promise<TCertifiedUser | undefined> {
  const row = await db.selectFrom('certified_users').select(['id', 'email', 'employee_id']).where('id', '=', id).executeTakeFirst();
  return row && toUser(row, await certificationsOf(db, [id]));
}

export async function emailTaken(db: Db, email: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('certified_users').select('id').where(sql<boolean>`lower(email) = lower(${email})`);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Ids among `ids` that name no product family. */
export async function missingFamilies(db: Db, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const found = await db.selectFrom('product_families').select('id').where('id', 'in', unique).execute();
  const have = new Set(found.map((f) => f.id));
  return new Set(unique.filter((id) => !have.has(id)));
}

/** Product families for the certification row picker, by name. */
export function familyOptions(db: Db): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom('product_families').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

async function certificationsOf(db: Db, userIds: string[]): Promise<Map<string, TCertification[]>> {
  const byUser = new Map<string, TCertification[]>();
  if (!userIds.length) return byUser;
  const rows = await db
    .selectFrom('certifications as c')
    .innerJoin('product_families as f', 'f.id', 'c.product_family_id')
    .select(['c.id', 'c.certified_user_id', 'c.product_family_id', 'f.name as family_name', 'c.certification_date', 'c.expiration_date'])
    .where('c.certified_user_id', 'in', userIds)
    // Soonest to expire first; the first row is the one that makes a user expired.
    .orderBy('c.expiration_date')
    .orderBy('f.name')
    .orderBy('c.id')
    .execute();
  for (const r of rows) {
    const list = byUser.get(r.certified_user_id) ?? [];
    list.push({
      id: r.id,
      productFamilyId: r.product_family_id,
      productFamilyName: r.family_name,
      certifiedUserId: r.certified_user_id,
      certificationDate: new Date(r.certification_date).getTime(),
      expirationDate: new Date(r.expiration_date).getTime(),
    });
    byUser.set(r.certified_user_id, list);
  }
  return byUser;
}

function toUser(row: { id: string; email: string; employee_id: string }, certs: Map<string, TCertification[]>): TCertifiedUser {
  return { id: row.id, email: row.email, employeeId: row.employee_id, certifications: certs.get(row.id) ?? [] };
}
