import { sql } from 'kysely';
import {
  P,
  ZDocumentListQuery,
  type TDocument,
  type TDocumentCategory,
  type TDocumentLibraryNode,
  type TDocumentCategoryTree,
  type TDocumentDetails,
  type TDocumentListItem,
  type TDocumentListQuery,
  type TListResponse,
} from '@insp/contracts';
import type { StoredObject } from '@insp/storage';
import { requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { fromZodIssues, notFound } from '../../errors.js';
import { listPage } from '../../lib/list.js';
import { storageOf } from '../../lib/storage.js';
import { listItemColumns, loadDocuments, readableDocuments, toListItem, type ListItemRow } from './documents.load.js';

/** A live document the actor may read, or 404 (a document the actor may not read looks missing). */
async function readableDocument(c: AuthedContext, id: string) {
  const row = await readableDocuments(c.db, c.actor).select(['documents.id']).where('documents.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Document');
  return row.id;
}

/** GET api/v1/documentlibrary/document/{id} is not in the spec; the writes answer this. */
export async function getDocument(ctx: ServiceContext, id: string): Promise<TDocument> {
  const c = requirePermission(ctx, P.documentsRead);
  const [doc] = await loadDocuments(c.db, [await readableDocument(c, id)]);
  if (!doc) throw notFound('Document');
  return doc;
}

/** The details panel (tRPC): the document, its versions, and the names of its category and links. */
export async function documentDetails(ctx: ServiceContext, id: string): Promise<TDocumentDetails> {
  const c = requirePermission(ctx, P.documents);
  const doc = await getDocument(c, id);
  const [points, families, models, category] = await Promise.all([
    doc.inspectionPointIds.length ? c.db.selectFrom('inspection_points').select(['id', 'name']).where('id', 'in', doc.inspectionPointIds).orderBy('name').execute() : [],
    doc.productFamilyIds.length ? c.db.selectFrom('product_families').select(['id', 'name']).where('id', 'in', doc.productFamilyIds).orderBy('name').execute() : [],
    doc.productModelIds.length
      ? c.db.selectFrom('product_models').select(['id', 'name', 'product_family_id as productFamilyId']).where('id', 'in', doc.productModelIds).orderBy('name').execute()
      : [],
    doc.documentCategoryId ? c.db.selectFrom('document_categories').select('name').where('id', '=', doc.documentCategoryId).executeTakeFirst() : undefined,
  ]);
  return { ...doc, inspectionPoints: points, productFamilies: families, productModels: models, categoryName: category?.name ?? null };
}

/** GET api/v1/documentlibrary/documents/inspectionPoint/{id}: the live documents linked to a live point, by name. */
export async function documentsOfPoint(ctx: ServiceContext, pointId: string): Promise<TDocument[]> {
  const c = requirePermission(ctx, P.documentsRead);
  const point = await c.db.selectFrom('inspection_points').select('id').where('id', '=', pointId).where('deleted_at', 'is', null).executeTakeFirst();
  if (!point) throw notFound('Inspection point');
  const rows = await readableDocuments(c.db, c.actor)
    .innerJoin('document_inspection_points as dip', 'dip.document_id', 'documents.id')
    .where('dip.inspection_point_id', '=', pointId)
    .select('documents.id')
    .orderBy('documents.name')
    .orderBy('documents.id')
    .execute();
  return loadDocuments(c.db, rows.map((r) => r.id));
}

/** GET api/v1/documentlibrary/{id}/: the current version's bytes, or `version`'s (old versions stay downloadable). */
export async function readDocumentFile(ctx: ServiceContext, id: string, version?: number): Promise<{ file: StoredObject; fileName: string }> {
  const c = requirePermission(ctx, P.documentsRead);
  const v = await versionOf(c, id, version);
  const file = await storageOf(c.config).get(v.storage_key);
  if (!file) throw notFound('Document file');
  return { file, fileName: v.file_name };
}

async function versionOf(c: AuthedContext, id: string, version?: number) {
  await readableDocument(c, id);
  const v = await c.db
    .selectFrom('document_versions')
    .innerJoin('documents', 'documents.id', 'document_versions.document_id')
    .select(['document_versions.storage_key', 'document_versions.file_name'])
    .where('document_versions.document_id', '=', id)
    .$call((q) => (version === undefined ? q.whereRef('document_versions.version', '=', 'documents.version') : q.where('document_versions.version', '=', version)))
    .executeTakeFirst();
  if (!v) throw notFound(version === undefined ? 'Document file' : `Version ${version}`);
  return v;
}

/**
 * GET api/v1/documentlibrary/document/{id}/storageurl: an expiring link to the current version's bytes that needs
 * no token (S3: a presigned URL; local storage: a signed api/v1/files path), saved under the version's file name.
 */
export async function documentStorageUrl(ctx: ServiceContext, id: string, version?: number): Promise<{ url: string; expires: string }> {
  const c = requirePermission(ctx, P.documentsRead);
  const v = await versionOf(c, id, version);
  const seconds = c.config.documentLinkSeconds;
  const url = await storageOf(c.config).signedDownloadUrl(v.storage_key, { expiresInSeconds: seconds, fileName: v.file_name });
  return { url, expires: new Date(Date.now() + seconds * 1000).toISOString() };
}

/** A category's documents (or 'uncategorized', or the whole library), paged, sorted and searched by name in SQL. */
export async function listDocuments(ctx: ServiceContext, input: TDocumentListQuery): Promise<TListResponse<TDocumentListItem>> {
  const c = requirePermission(ctx, P.documents);
  const parsed = ZDocumentListQuery.safeParse(input);
  if (!parsed.success) throw fromZodIssues(parsed.error.issues);
  const q = parsed.data;
  let base = readableDocuments(c.db, c.actor).select(listItemColumns);
  if (q.category === 'uncategorized') {
    // A document whose category vanished counts as uncategorized too (the category's FK sets null).
    base = base.where('documents.document_category_id', 'is', null);
  } else if (q.category) {
    const category = await c.db.selectFrom('document_categories').select('id').where('id', '=', q.category).executeTakeFirst();
    if (!category) throw notFound('Document category');
    base = q.includeSubcategories
      ? base.where(
          'documents.document_category_id',
          'in',
          sql<string>`(with recursive sub(id) as (select ${q.category}::uuid union all select dc.id from document_categories dc join sub on dc.parent_category_id = sub.id) select id from sub)`,
        )
      : base.where('documents.document_category_id', '=', q.category);
  }
  const page = await listPage(c.db, base, q, {
    sortable: {
      name: sql`documents.name`,
      fileType: sql`documents.file_type`,
      fileSize: sql`documents.file_size`,
      version: sql`documents.version`,
      timestamp: sql`documents.updated_at`,
    },
    defaultSort: { key: 'name', direction: 'asc' },
    tieBreaker: sql`documents.id`,
    search: (pattern) => sql<boolean>`documents.name ilike ${pattern}`,
  });
  return { ...page, result: (page.result as unknown as ListItemRow[]).map(toListItem) };
}

interface CategoryRow {
  id: string;
  name: string;
  name_translation_key: string | null;
  parent_category_id: string | null;
}

/** Categories nested by parent, siblings by name; a category whose parent is missing is a root. */
function nest<T extends { id: string; parentCategoryId: string | null; subCategories: T[] }>(items: T[]): T[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const roots: T[] = [];
  for (const i of items) {
    const parent = i.parentCategoryId ? byId.get(i.parentCategoryId) : undefined;
    (parent ? parent.subCategories : roots).push(i);
  }
  return roots;
}

const categoryRows = (c: AuthedContext) =>
  c.db.selectFrom('document_categories').select(['id', 'name', 'name_translation_key', 'parent_category_id']).orderBy('name').orderBy('id').execute() as Promise<CategoryRow[]>;

/** GET api/v1/documentlibrary/categories: the nested tree with each category's live documents (by name). */
export async function categoriesWithDocuments(ctx: ServiceContext): Promise<TDocumentCategory[]> {
  const c = requirePermission(ctx, P.documents);
  const [cats, docs] = await Promise.all([
    categoryRows(c),
    readableDocuments(c.db, c.actor).select(listItemColumns).where('documents.document_category_id', 'is not', null).orderBy('documents.name').orderBy('documents.id').execute(),
  ]);
  const items: TDocumentCategory[] = cats.map((r) => ({ id: r.id, name: r.name, nameTranslationKey: r.name_translation_key, parentCategoryId: r.parent_category_id, subCategories: [], documents: [] }));
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const d of docs as unknown as ListItemRow[]) byId.get(d.document_category_id!)?.documents.push(toListItem(d));
  return nest(items);
}

/** The screen's tree (tRPC): categories with their own and their subtree's document counts, and the uncategorized count. */
export async function categoryTree(ctx: ServiceContext): Promise<TDocumentCategoryTree> {
  const c = requirePermission(ctx, P.documents);
  const [cats, counts] = await Promise.all([
    categoryRows(c),
    readableDocuments(c.db, c.actor).select(['documents.document_category_id as id', sql<string>`count(*)`.as('n')]).groupBy('documents.document_category_id').execute(),
  ]);
  const countOf = new Map(counts.map((r) => [r.id, Number(r.n)]));
  const items: TDocumentLibraryNode[] = cats.map((r) => ({
    id: r.id,
    name: r.name,
    nameTranslationKey: r.name_translation_key,
    parentCategoryId: r.parent_category_id,
    documentCount: countOf.get(r.id) ?? 0,
    totalCount: 0,
    subCategories: [],
  }));
  const roots = nest(items);
  const total = (n: TDocumentLibraryNode): number => (n.totalCount = n.documentCount + n.subCategories.reduce((s, x) => s + total(x), 0));
  roots.forEach(total);
  const all = [...countOf.values()].reduce((s, n) => s + n, 0);
  return { categories: roots, uncategorizedCount: countOf.get(null as unknown as string) ?? 0, totalCount: all };
}
