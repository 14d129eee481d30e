import { sql } from 'kysely';
import {
  DefaultUseCaseTypes,
  P,
  ZInspectionPhaseCreate,
  type TApplicationOption,
  type TCategoryTitle,
  type TInspectionPhase,
  type TInspectionPhaseCreate,
  type TLanguage,
  type TProductCategoryTranslation,
  type TUnit,
} from '@insp/contracts';
import { inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { fromZodIssues } from '../../errors.js';
import { writeAuditTrail } from '@insp/db';

/*
 * Reference data of spec 001 §7. Catalogue data every client reads (units, languages, product categories,
 * application options, phases) needs only P.referenceRead; what only authoring uses (category titles, use
 * cases) needs P.authoring. These tables are small (tens of rows), so they are answered whole.
 */

/** GET api/v1/units */
export async function units(ctx: ServiceContext): Promise<TUnit[]> {
  requirePermission(ctx, P.referenceRead);
  return ctx.db.selectFrom('units').select(['id', 'name', 'symbol']).orderBy(sql`lower(name)`).orderBy('id').execute();
}

/** GET api/v1/categoryTitles */
export async function categoryTitles(ctx: ServiceContext): Promise<TCategoryTitle[]> {
  requirePermission(ctx, P.authoring);
  return ctx.db.selectFrom('category_titles').select(['id', 'text']).orderBy(sql`lower(text)`).orderBy('id').execute();
}

/** GET api/v1/translations/productCategories */
export async function productCategoryTranslations(ctx: ServiceContext): Promise<TProductCategoryTranslation[]> {
  requirePermission(ctx, P.referenceRead);
  return ctx.db
    .selectFrom('product_categories')
    .select(['id', 'name', 'name_translation_key as nameTranslationKey'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** GET api/v1/applicationoptions[?applicationName=…] */
export async function applicationOptions(ctx: ServiceContext, applicationName?: string): Promise<TApplicationOption[]> {
  requirePermission(ctx, P.referenceRead);
  let q = ctx.db
    .selectFrom('application_options')
    .select(['id', 'application_name as applicationName', 'key', 'value'])
    .orderBy('application_name')
    .orderBy('key');
  if (applicationName) q = q.where('application_name', '=', applicationName);
  return q.execute();
}

/** GET api/v1/inspectionPhases */
export async function inspectionPhases(ctx: ServiceContext): Promise<TInspectionPhase[]> {
  requirePermission(ctx, P.referenceRead);
  return ctx.db.selectFrom('inspection_phases').select(['id', 'name']).orderBy(sql`lower(name)`).orderBy('id').execute();
}

/**
 * POST api/v1/inspectionPhases {Name}. Names are unique ignoring case; asking for an existing name answers that
 * phase (created false) instead of a 409, so two authors adding 'Running' at once both get the same phase.
 */
export async function createInspectionPhase(
  ctx: ServiceContext,
  input: TInspectionPhaseCreate,
): Promise<{ phase: TInspectionPhase; created: boolean }> {
  const authed = requirePermission(ctx, P.authoring);
  const parsed = ZInspectionPhaseCreate.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const name = parsed.data.Name;
  return inTransaction(ctx, async (tx) => {
    const inserted = await tx.db
      .insertInto('inspection_phases')
      .values({ name })
      .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!inserted) {
      const existing = await tx.db.selectFrom('inspection_phases').select(['id', 'name']).where(sql`lower(name)`, '=', name.toLowerCase()).executeTakeFirstOrThrow();
      return { phase: existing, created: false };
    }
    await writeAuditTrail(tx.db, { entityType: 'inspection_phase', entityId: inserted.id, actorUserId: authed.actor.userId, action: 'create', changes: { name } });
    return { phase: inserted, created: true };
  });
}

/** GET api/v1/languages: English first (the point's own text), then the product's order. */
export async function languages(ctx: ServiceContext): Promise<TLanguage[]> {
  requirePermission(ctx, P.referenceRead);
  return ctx.db
    .selectFrom('languages')
    .select(['id', 'name'])
    .orderBy(sql`(id = 'en')`, 'desc')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * GET api/v1/inspectionPoints/useCases: the default use case types plus any other UseCaseType meta value
 * points already carry (read through the (type, value) index), in that order.
 */
export async function useCases(ctx: ServiceContext): Promise<string[]> {
  requirePermission(ctx, P.authoring);
  const stored = await ctx.db
    .selectFrom('inspection_point_metas')
    .select('value')
    .distinct()
    .where('type', '=', 'UseCaseType')
    .orderBy('value')
    .limit(500)
    .execute();
  const all: string[] = [...DefaultUseCaseTypes];
  for (const { value } of stored) if (value && !all.includes(value)) all.push(value);
  return all;
}
