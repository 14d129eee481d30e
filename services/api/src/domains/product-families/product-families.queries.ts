import { sql } from 'kysely';
import type { Db } from '@insp/db';
import type { TProductModel } from '@insp/contracts';

/** Families joined with their category, in the contract's shape (Kysely only; the services add the rules). */
export const familyRows = (db: Db) =>
  db
    .selectFrom('product_families as f')
    .innerJoin('product_categories as c', 'c.id', 'f.product_category_id')
    .select([
      'f.id',
      'f.name',
      'f.name as familyName',
      'f.long_name as longFamilyName',
      'f.product_category_id as productCategoryId',
      'c.name as productCategoryName',
      'f.division',
    ]);


/** Models of the given families, sorted by name (descending by default, spec 002 §9), then id. */
export async function modelsOf(db: Db, familyIds: string[], direction: 'asc' | 'desc' = 'desc'): Promise<TProductModel[]> {
  if (!familyIds.length) return [];
  return db
    .selectFrom('product_models')
    .where('product_family_id', 'in', familyIds)
    .select(['id', 'name', 'product_family_id as productFamilyId'])
    .orderBy(sql`lower(name)`, direction)
    .orderBy('id', direction)
    .execute();
}

/** Every model, grouped by family (one query; each family's list sorted by name descending, spec 002 §9, then id). */
export async function allModelsByFamily(db: Db): Promise<Map<string, TProductModel[]>> {
  const rows = await db
    .selectFrom('product_models')
    .select(['id', 'name', 'product_family_id as productFamilyId'])
    .orderBy(sql`lower(name)`, 'desc')
    .orderBy('id', 'desc')
    .execute();
  const byFamily = new Map<string, TProductModel[]>();
  for (const m of rows) {
    const list = byFamily.get(m.productFamilyId);
    if (list) list.push(m);
    else byFamily.set(m.productFamilyId, [m]);
  }
  return byFamily;
}

/** Postgres unique-violation (23505), from pg or PGlite. */
export const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';
/** Postgres foreign-key violation (23503). */
export const isForeignKeyViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23503';
