import {
  P,
  type TProductFamily,
  type TProductFamilyUpdate,
  type TProductModel,
  type TProductModelUpdate,
  ZProductFamilyUpdate,
  ZProductModelUpdate,
} from '@insp/contracts';
import { writeAuditTrail } from '@insp/db';
import { inTransaction, requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { AppError, fromZodIssues, notFound } from '../../errors.js';
import { familyRows, isForeignKeyViolation, isUniqueViolation } from './product-families.queries.js';
import { describeUses, familyUses, modelUses } from './product-families.usage.js';

/*
 * Rename and delete of families and models (issue 20; the spec shows neither): P.productFamilies, as adding them.
 * A delete is refused with 409 naming what uses the family or model (product-families.usage.ts) while anything does.
 * The row is locked FOR UPDATE before counting: a row that starts pointing at it meanwhile (its foreign key takes a
 * KEY SHARE lock on the family or model) waits for this transaction and then fails on the vanished row, and one
 * that came first is counted. Each change leaves an audit_trail row in the same transaction.
 */

const inUse = (kind: string, name: string, uses: string) =>
  new AppError('CONFLICT', `${kind} '${name}' is in use and cannot be deleted: ${uses}`);

/** PUT api/v1/productFamilies/{id}: a new name (unique ignoring case) and, when given, a new long name. */
export async function renameFamily(ctx: ServiceContext, id: string, input: TProductFamilyUpdate): Promise<TProductFamily> {
  const c = requirePermission(ctx, P.productFamilies);
  const parsed = ZProductFamilyUpdate.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const data = parsed.data;
  try {
    return await inTransaction(c, async (tx) => {
      const before = await tx.db.selectFrom('product_families').select(['name', 'long_name']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!before) throw notFound('Product family');
      const after = { name: data.familyName, long_name: data.longFamilyName ?? before.long_name };
      if (after.name !== before.name || after.long_name !== before.long_name) {
        await tx.db.updateTable('product_families').set(after).where('id', '=', id).execute();
        await trail(tx as AuthedContext, 'product_family', id, 'update', { before, after });
      }
      return await familyRows(tx.db).where('f.id', '=', id).executeTakeFirstOrThrow();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', `familyName: a product family named '${data.familyName}' exists`, 'familyName');
    throw err;
  }
}

/** DELETE api/v1/productFamilies/{id}: only a family nothing uses (its models count as uses). */
export async function deleteFamily(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const c = requirePermission(ctx, P.productFamilies);
  return inTransaction(c, async (tx) => {
    const family = await tx.db.selectFrom('product_families').select('name').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!family) throw notFound('Product family');
    const uses = describeUses(await familyUses(tx.db, id));
    if (uses) throw inUse('Product family', family.name, uses);
    await removeOrExplain(() => tx.db.deleteFrom('product_families').where('id', '=', id).execute(), 'Product family', family.name);
    await trail(tx as AuthedContext, 'product_family', id, 'delete', { name: family.name });
    return { id };
  });
}

/** PUT api/v1/productFamilies/{id}/models/{modelId}: a new name, unique within the family ignoring case. */
export async function renameModel(ctx: ServiceContext, familyId: string, modelId: string, input: TProductModelUpdate): Promise<TProductModel> {
  const c = requirePermission(ctx, P.productFamilies);
  const parsed = ZProductModelUpdate.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  try {
    return await inTransaction(c, async (tx) => {
      const before = await lockedModel(tx, familyId, modelId);
      if (before.name !== parsed.data.name) {
        await tx.db.updateTable('product_models').set({ name: parsed.data.name }).where('id', '=', modelId).execute();
        await trail(tx as AuthedContext, 'product_model', modelId, 'update', { before: { name: before.name }, after: { name: parsed.data.name } });
      }
      return { id: modelId, name: parsed.data.name, productFamilyId: familyId };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', `name: the family already has a model named '${parsed.data.name}'`, 'name');
    throw err;
  }
}

/** DELETE api/v1/productFamilies/{id}/models/{modelId}: only a model nothing uses. */
export async function deleteModel(ctx: ServiceContext, familyId: string, modelId: string): Promise<{ id: string }> {
  const c = requirePermission(ctx, P.productFamilies);
  return inTransaction(c, async (tx) => {
    const model = await lockedModel(tx, familyId, modelId);
    const uses = describeUses(await modelUses(tx.db, modelId));
    if (uses) throw inUse('Product model', model.name, uses);
    await removeOrExplain(() => tx.db.deleteFrom('product_models').where('id', '=', modelId).execute(), 'Product model', model.name);
    await trail(tx as AuthedContext, 'product_model', modelId, 'delete', { name: model.name, productFamilyId: familyId });
    return { id: modelId };
  });
}

/** The model, locked; 404 when it does not exist or belongs to another family (the path names both). */
async function lockedModel(tx: ServiceContext, familyId: string, modelId: string) {
  const model = await tx.db
    .selectFrom('product_models')
    .select('name')
    .where('id', '=', modelId)
    .where('product_family_id', '=', familyId)
    .forUpdate()
    .executeTakeFirst();
  if (!model) throw notFound('Product model');
  return model;
}

/** A reference the usage count does not know (a table added later) still answers 409, not 500. */
async function removeOrExplain(remove: () => Promise<unknown>, kind: string, name: string) {
  try {
    await remove();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw inUse(kind, name, 'other records point at it');
    throw err;
  }
}

const trail = (c: AuthedContext, entityType: 'product_family' | 'product_model', entityId: string, action: string, changes: Record<string, unknown>) =>
  writeAuditTrail(c.db, { entityType, entityId, actorUserId: c.actor.userId, action, changes });
