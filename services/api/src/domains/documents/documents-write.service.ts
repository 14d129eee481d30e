import { sql } from 'kysely';
import {
  P,
  ZDocumentCategoryInput,
  ZDocumentMetadataInput,
  ZDocumentUploadFields,
  ZDocumentVersionFields,
  type TDocument,
  type TDocumentLibraryNode,
  type TDocumentMetadataInput,
} from '@insp/contracts';
import { recordWebhookEvent, writeAuditTrail, type Db } from '@insp/db';
import type { z } from 'zod';
import { AppError, inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { fromZodIssues, notFound } from '../../errors.js';
import { fingerprint, runOnce, type IdempotencyKey } from '../../lib/idempotency.js';
import { getDocument } from './documents-read.service.js';
import { removeStored, type StoredDocumentFile } from './documents.files.js';

const parse = <S extends z.ZodType>(schema: S, input: unknown): z.infer<S> => {
  const r = schema.safeParse(input);
  if (!r.success) throw fromZodIssues(r.error.issues);
  return r.data;
};

/**
 * 002 §5: the screen skips files whose names are taken. The server refuses them too (409 naming `file`): two live
 * documents with one name (ignoring case) anywhere in the library cannot be told apart in the picker. A new
 * version may have any file name; the document keeps its name.
 */
export async function assertNameFree(db: Db, name: string) {
  const taken = await db.selectFrom('documents').select('id').where(sql<boolean>`lower(name) = lower(${name})`).where('deleted_at', 'is', null).executeTakeFirst();
  if (taken) throw new AppError('CONFLICT', `file: a document named "${name}" exists (${taken.id}); upload a new version of it instead`, 'file');
}

/** Every id of the link lists exists (400 naming `field.i` otherwise), and the category does. */
async function checkLinks(db: Db, data: { categoryId?: string | null; inspectionPointIds: string[]; productFamilyIds: string[]; productModelIds: string[] }) {
  if (data.categoryId) {
    const cat = await db.selectFrom('document_categories').select('id').where('id', '=', data.categoryId).executeTakeFirst();
    if (!cat) throw new AppError('BAD_REQUEST', 'categoryId: no such document category', 'categoryId');
  }
  const check = async (field: string, ids: string[], found: () => Promise<Array<{ id: string }>>) => {
    if (ids.length === 0) return;
    const have = new Set((await found()).map((r) => r.id));
    const i = ids.findIndex((id) => !have.has(id));
    if (i >= 0) throw new AppError('BAD_REQUEST', `${field}.${i}: no such ${field.replace(/Ids$/, '')}`, `${field}.${i}`);
  };
  await check('inspectionPointIds', data.inspectionPointIds, () => db.selectFrom('inspection_points').select('id').where('id', 'in', data.inspectionPointIds).where('deleted_at', 'is', null).execute());
  await check('productFamilyIds', data.productFamilyIds, () => db.selectFrom('product_families').select('id').where('id', 'in', data.productFamilyIds).execute());
  await check('productModelIds', data.productModelIds, () => db.selectFrom('product_models').select('id').where('id', 'in', data.productModelIds).execute());
}

/** Replaces the three link sets of a document. */
async function replaceLinks(db: Db, documentId: string, data: { inspectionPointIds: string[]; productFamilyIds: string[]; productModelIds: string[] }) {
  const uniq = (ids: string[]) => [...new Set(ids)];
  await db.deleteFrom('document_inspection_points').where('document_id', '=', documentId).execute();
  await db.deleteFrom('document_product_families').where('document_id', '=', documentId).execute();
  await db.deleteFrom('document_product_models').where('document_id', '=', documentId).execute();
  const points = uniq(data.inspectionPointIds).map((id) => ({ document_id: documentId, inspection_point_id: id }));
  const families = uniq(data.productFamilyIds).map((id) => ({ document_id: documentId, product_family_id: id }));
  const models = uniq(data.productModelIds).map((id) => ({ document_id: documentId, product_model_id: id }));
  if (points.length) await db.insertInto('document_inspection_points').values(points).execute();
  if (families.length) await db.insertInto('document_product_families').values(families).execute();
  if (models.length) await db.insertInto('document_product_models').values(models).execute();
}

/** Library writes that check names take this lock, so two uploads of one name cannot both pass the check. */
const lockNames = (db: Db) => sql`select pg_advisory_xact_lock(hashtext('documents.name'))`.execute(db);

/** Runs a write for a stored file; when it fails the stored object is removed, so a refusal leaves nothing behind. */
async function withStored<T>(ctx: ServiceContext, file: StoredDocumentFile, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await removeStored(ctx.config, [file]);
    throw err;
  }
}

/** POST api/v1/documentlibrary/document: one stored file becomes a document (version 1) with its category and links. */
export async function createDocument(ctx: ServiceContext, fields: unknown, file: StoredDocumentFile): Promise<TDocument> {
  return withStored(ctx, file, async () => {
    const c = requirePermission(ctx, P.documents);
    const data = parse(ZDocumentUploadFields, fields);
    const id = await inTransaction(c, async (tx) => {
      await lockNames(tx.db);
      await assertNameFree(tx.db, file.fileName);
      await checkLinks(tx.db, data);
      const by = c.actor.userId;
      const doc = await tx.db
        .insertInto('documents')
        .values({
          name: file.fileName,
          file_type: file.ext,
          file_size: file.size,
          content_type: file.contentType,
          storage_key: file.key,
          sha256: file.sha256,
          summary: data.summary || null,
          source_system: data.sourceSystem || 'API',
          document_category_id: data.categoryId ?? null,
          uploaded_by_user_id: by,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.db
        .insertInto('document_versions')
        .values({ document_id: doc.id, version: 1, file_name: file.fileName, file_type: file.ext, file_size: file.size, content_type: file.contentType, storage_key: file.key, sha256: file.sha256, uploaded_by_user_id: by })
        .execute();
      await replaceLinks(tx.db, doc.id, data);
      await writeAuditTrail(tx.db, { entityType: 'document', entityId: doc.id, actorUserId: by, action: 'create', changes: { name: file.fileName, size: file.size, sha256: file.sha256, ...data } });
      await recordWebhookEvent(tx.db, 'document.uploaded', { documentId: doc.id, version: 1, name: file.fileName, size: file.size, sha256: file.sha256, contentType: file.contentType });
      return doc.id;
    });
    return getDocument(c, id);
  });
}

/**
 * POST api/v1/documentlibrary/document/version: the file becomes the current version; earlier ones stay downloadable.
 * Each call makes a version, so a retry whose answer was lost would add a second one: with an `Idempotency-Key` the
 * same user, document and bytes answer the document as it is and the file stored for the repeat is removed.
 */
export async function addDocumentVersion(ctx: ServiceContext, fields: unknown, file: StoredDocumentFile, key?: IdempotencyKey): Promise<TDocument> {
  return withStored(ctx, file, async () => {
    const c = requirePermission(ctx, P.documents);
    const data = parse(ZDocumentVersionFields, fields);
    const hash = fingerprint({ parentDocumentId: data.parentDocumentId, fileName: file.fileName, sha256: file.sha256 });
    const run = await runOnce({ db: c.db, userId: c.actor.userId, operation: 'document.version', key, hash }, (claim) => inTransaction(c, async (tx) => {
      const doc = await tx.db.selectFrom('documents').select(['id', 'version']).where('id', '=', data.parentDocumentId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
      if (!doc) throw new AppError('NOT_FOUND', 'parentDocumentId: no such document', 'parentDocumentId');
      const last = await tx.db.selectFrom('document_versions').select(sql<number>`coalesce(max(version), 0)`.as('v')).where('document_id', '=', doc.id).executeTakeFirstOrThrow();
      const version = Math.max(Number(last.v), doc.version) + 1;
      const by = c.actor.userId;
      await tx.db
        .insertInto('document_versions')
        .values({ document_id: doc.id, version, file_name: file.fileName, file_type: file.ext, file_size: file.size, content_type: file.contentType, storage_key: file.key, sha256: file.sha256, uploaded_by_user_id: by })
        .execute();
      await tx.db
        .updateTable('documents')
        .set({ version, file_type: file.ext, file_size: file.size, content_type: file.contentType, storage_key: file.key, sha256: file.sha256, ...(data.sourceSystem ? { source_system: data.sourceSystem } : {}) })
        .where('id', '=', doc.id)
        .execute();
      await writeAuditTrail(tx.db, { entityType: 'document', entityId: doc.id, actorUserId: by, action: 'version', changes: { version, fileName: file.fileName, size: file.size, sha256: file.sha256 } });
      await recordWebhookEvent(tx.db, 'document.uploaded', { documentId: doc.id, version, name: file.fileName, size: file.size, sha256: file.sha256, contentType: file.contentType });
      await claim(tx.db, doc.id);
      return doc.id;
    }));
    // a repeat made nothing: the bytes stored for it go
    if (run.repeated) await removeStored(ctx.config, [file]);
    return getDocument(c, run.id);
  });
}

export async function saveDocumentMetadata(ctx: ServiceContext, input: TDocumentMetadataInput): Promise<TDocument> {
  const c = requirePermission(ctx, P.documents);
  const data = parse(ZDocumentMetadataInput, input);
  await inTransaction(c, async (tx) => {
    const doc = await tx.db.selectFrom('documents').select(['id', 'document_category_id']).where('id', '=', data.documentId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!doc) throw notFound('Document');
    await checkLinks(tx.db, data);
    if (data.categoryId !== undefined) await tx.db.updateTable('documents').set({ document_category_id: data.categoryId }).where('id', '=', doc.id).execute();
    else await tx.db.updateTable('documents').set({ updated_at: sql`updated_at` }).where('id', '=', doc.id).execute();
    await replaceLinks(tx.db, doc.id, data);
    await writeAuditTrail(tx.db, { entityType: 'document', entityId: doc.id, actorUserId: c.actor.userId, action: 'metadata', changes: { before: { categoryId: doc.document_category_id }, after: data } });
  });
  return getDocument(c, data.documentId);
}

/**
 * DELETE api/v1/documentlibrary/document/{id}: soft delete. The rows, links and stored files stay (history, and
 * an undo by a database hand is possible); reads, lists, packages and the point picker leave it out.
 */
export async function deleteDocument(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const c = requirePermission(ctx, P.documents);
  await inTransaction(c, async (tx) => {
    const doc = await tx.db.updateTable('documents').set({ deleted_at: sql`now()` }).where('id', '=', id).where('deleted_at', 'is', null).returning(['id', 'name']).executeTakeFirst();
    if (!doc) throw notFound('Document');
    await writeAuditTrail(tx.db, { entityType: 'document', entityId: id, actorUserId: c.actor.userId, action: 'delete', changes: { name: doc.name } });
  });
  return { id };
}

/** POST api/v1/documentlibrary/categories: a category under a parent (or at the top). Siblings' names differ (409 naming `name`). */
export async function createDocumentCategory(ctx: ServiceContext, input: unknown): Promise<TDocumentLibraryNode> {
  const c = requirePermission(ctx, P.documents);
  const data = parse(ZDocumentCategoryInput, input);
  return inTransaction(c, async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('document_categories.name'))`.execute(tx.db);
    if (data.parentCategoryId) {
      const parent = await tx.db.selectFrom('document_categories').select('id').where('id', '=', data.parentCategoryId).executeTakeFirst();
      if (!parent) throw new AppError('BAD_REQUEST', 'parentCategoryId: no such document category', 'parentCategoryId');
    }
    const sibling = await tx.db
      .selectFrom('document_categories')
      .select('id')
      .where(sql<boolean>`lower(name) = lower(${data.name})`)
      .$call((q) => (data.parentCategoryId ? q.where('parent_category_id', '=', data.parentCategoryId) : q.where('parent_category_id', 'is', null)))
      .executeTakeFirst();
    if (sibling) throw new AppError('CONFLICT', `name: a category named "${data.name}" exists here`, 'name');
    const row = await tx.db
      .insertInto('document_categories')
      .values({ name: data.name, parent_category_id: data.parentCategoryId ?? null })
      .returning(['id', 'name', 'name_translation_key', 'parent_category_id'])
      .executeTakeFirstOrThrow();
    await writeAuditTrail(tx.db, { entityType: 'document_category', entityId: row.id, actorUserId: c.actor.userId, action: 'create', changes: data });
    return { id: row.id, name: row.name, nameTranslationKey: row.name_translation_key, parentCategoryId: row.parent_category_id, documentCount: 0, totalCount: 0, subCategories: [] };
  });
}
