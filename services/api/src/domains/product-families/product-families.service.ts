import { sql } from 'kysely';
import {
  P,
  type TListResponse,
  type TProductCategoryRow,
  type TProductFamily,
  type TProductFamilyCreate,
  type TProductFamilyListQuery,
  type TProductFamilyWithModels,
  type TProductModel,
  type TProductModelCreate,
  ZProductFamilyCreate,
  ZProductModelCreate,
} from '@insp/contracts';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues, notFound } from '../../errors.js';
import { listPage } from '../../lib/list.js';
import { allModelsByFamily, familyRows, isForeignKeyViolation, isUniqueViolation, modelsOf } from './product-families.queries.js';

/*
 * Reads are open to every signed-in user with a level (P.referenceRead): authoring, equipment forms,
 * documents and certifications all pick families and models. Catalogue data is the same for every
 * company, so distributor reads are not scoped. Writes need P.productFamilies (Admin, no distributors).
 */

/** GET api/v1/productFamilies: every family with its models. */
export async function allFamilies(ctx: ServiceContext): Promise<TProductFamilyWithModels[]> {
  requirePermission(ctx, P.referenceRead);
  const families = await familyRows(ctx.db).orderBy(sql`lower(f.name)`, 'desc').orderBy('f.id', 'desc').execute();
  // One query for every model, grouped by family in a Map: no IN list of every family id, no families × models filter.
  const models = await allModelsByFamily(ctx.db);
  return families.map((f) => ({ ...f, productModels: models.get(f.id) ?? [] }));
}

/** GET api/v1/ProductFamilies/query: one page, searched and sorted in SQL (spec 002 §9: name descending). */
export async function queryFamilies(ctx: ServiceContext, query: TProductFamilyListQuery): Promise<TListResponse<TProductFamily>> {
  requirePermission(ctx, P.referenceRead);
  let base = familyRows(ctx.db);
  if (query.productCategoryId) base = base.where('f.product_category_id', '=', query.productCategoryId);
  const name = sql`lower(f.name)`;
  return listPage(ctx.db, base, query, {
    sortable: { name, familyName: name, longFamilyName: { expr: sql`lower(f.long_name)`, emptyLast: true }, productCategoryName: { expr: sql`lower(c.name)`, emptyLast: true } },
    defaultSort: { key: 'name', direction: 'desc' },
    tieBreaker: sql`f.id`,
    search: (pattern) => sql<boolean>`(f.name ilike ${pattern} or f.long_name ilike ${pattern} or c.name ilike ${pattern})`,
  });
}

export async function getFamily(ctx: ServiceContext, id: string): Promise<TProductFamilyWithModels> {
  requirePermission(ctx, P.referenceRead);
  const family = await familyRows(ctx.db).where('f.id', '=', id).executeTakeFirst();
  if (!family) throw notFound('Product family');
  return { ...family, productModels: await modelsOf(ctx.db, [id]) };
}

/** POST api/v1/productFamilies (spec 002 §5: name and category required). */
export async function createFamily(ctx: ServiceContext, input: TProductFamilyCreate): Promise<TProductFamily> {
  requirePermission(ctx, P.productFamilies);
  const parsed = ZProductFamilyCreate.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const data = parsed.data;
  // Check and insert in one transaction; the category row is share-locked so it cannot be deleted in between.
  // Should it vanish anyway, the foreign-key violation (23503) is still the client's bad reference, not a 500.
  const badCategory = () => new AppError('BAD_REQUEST', 'productCategoryId: no such product category', 'productCategoryId');
  try {
    return await inTransaction(ctx, async (tx) => {
      const category = await tx.db.selectFrom('product_categories').select('id').where('id', '=', data.productCategoryId).forShare().executeTakeFirst();
      if (!category) throw badCategory();
      const row = await tx.db
        .insertInto('product_families')
        .values({ name: data.familyName, long_name: data.longFamilyName, product_category_id: data.productCategoryId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return await familyRows(tx.db).where('f.id', '=', row.id).executeTakeFirstOrThrow();
    });
  } catch (err) {
    // Family names are unique ignoring case (migration 0002).
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', `familyName: a product family named '${data.familyName}' exists`, 'familyName');
    if (isForeignKeyViolation(err)) throw badCategory();
    throw err;
  }
}

/** GET api/v1/ProductFamilies/{id}/models: sorted by name, descending by default (spec 002 §9). */
export async function familyModels(ctx: ServiceContext, familyId: string, direction: 'asc' | 'desc' = 'desc'): Promise<TProductModel[]> {
  requirePermission(ctx, P.referenceRead);
  await ensureFamily(ctx, familyId);
  return modelsOf(ctx.db, [familyId], direction);
}

/** POST api/v1/productFamilies/{id}/models (spec 002 §5: name required). */
export async function createModel(ctx: ServiceContext, familyId: string, input: TProductModelCreate): Promise<TProductModel> {
  requirePermission(ctx, P.productFamilies);
  const parsed = ZProductModelCreate.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  try {
    return await inTransaction(ctx, async (tx) => {
      // The family row is share-locked until the insert commits, so a concurrent delete cannot slip in between.
      await ensureFamily(tx, familyId, true);
      return await tx.db
        .insertInto('product_models')
        .values({ product_family_id: familyId, name: parsed.data.name })
        .returning(['id', 'name', 'product_family_id as productFamilyId'])
        .executeTakeFirstOrThrow();
    });
  } catch (err) {
    // Model names are unique within a family, ignoring case (migration 0002).
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', `name: the family already has a model named '${parsed.data.name}'`, 'name');
    // The family went away under us (23503): the same 404 as when it was missing from the start.
    if (isForeignKeyViolation(err)) throw notFound('Product family');
    throw err;
  }
}

/** GET api/v1/productCategories/all */
export async function allCategories(ctx: ServiceContext): Promise<TProductCategoryRow[]> {
  requirePermission(ctx, P.referenceRead);
  return ctx.db.selectFrom('product_categories').select(['id', 'name']).orderBy(sql`lower(name)`).orderBy('id').execute();
}

async function ensureFamily(ctx: ServiceContext, id: string, lock = false) {
  let q = ctx.db.selectFrom('product_families').select('id').where('id', '=', id);
  if (lock) q = q.forShare();
  const f = await q.executeTakeFirst();
  if (!f) throw notFound('Product family');
}
