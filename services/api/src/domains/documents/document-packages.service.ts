import { sql } from 'kysely';
import { DocumentPackageTypeLabels, P, packageTypeOf, ZDocumentPackageInput, type DocumentPackageType, type TDocumentPackage, type TDocumentPackageInput, type TDocumentPackageSummary, type TListQuery, type TListResponse } from '@insp/contracts';
import { writeAuditTrail, type Db } from '@insp/db';
import { AppError, inTransaction, requirePermission, type ServiceContext } from '../../context.js';
import { fromZodIssues, notFound } from '../../errors.js';
import { fingerprint, runOnce, type IdempotencyKey } from '../../lib/idempotency.js';
import { listPage } from '../../lib/list.js';

/**
 * Document packages (002 §3, §7): a named set of documents with a synching type. Answers carry both spellings the
 * spec shows: `type` (Auto, Proposed, Manual) and `typeName` (Automatic synching, ...); a write takes either.
 * Deleted documents drop out of a package's answer.
 */
async function loadPackages(db: Db, ids?: string[]): Promise<TDocumentPackage[]> {
  if (ids && ids.length === 0) return [];
  const packages = await db
    .selectFrom('document_packages')
    .select(['id', 'name', 'type'])
    .$call((q) => (ids ? q.where('id', 'in', ids) : q))
    .orderBy('name')
    .orderBy('id')
    .execute();
  if (packages.length === 0) return [];
  const docs = await db
    .selectFrom('document_package_documents as pd')
    .innerJoin('documents as d', 'd.id', 'pd.document_id')
    .select(['pd.document_package_id', 'd.id', 'd.name', 'd.file_type', 'd.file_size'])
    .where('pd.document_package_id', 'in', packages.map((p) => p.id))
    .where('d.deleted_at', 'is', null)
    .orderBy('d.name')
    .orderBy('d.id')
    .execute();
  return packages.map((p) => {
    const documents = docs.filter((d) => d.document_package_id === p.id).map((d) => ({ id: d.id, name: d.name, fileType: d.file_type, fileSize: Number(d.file_size) }));
    const type = p.type as DocumentPackageType;
    return { documentPackageId: p.id, name: p.name, type, typeName: DocumentPackageTypeLabels[type], documents, DocumentIds: documents.map((d) => d.id) };
  });
}

/** GET api/v1/documentlibrary/documentpackage: every package by name ('N files, type' on the screen). */
export async function listDocumentPackages(ctx: ServiceContext): Promise<TDocumentPackage[]> {
  const c = requirePermission(ctx, P.documents);
  return loadPackages(c.db);
}

/**
 * The screen's packages list (tRPC): one page by name, searched by name, with each package's count of live documents;
 * a package's documents are read when it is opened (getDocumentPackage). GET api/v1/documentlibrary/documentpackage
 * keeps answering every package with its documents, as its clients expect.
 */
export async function listDocumentPackagePage(ctx: ServiceContext, query: TListQuery): Promise<TListResponse<TDocumentPackageSummary>> {
  const c = requirePermission(ctx, P.documents);
  const base = c.db.selectFrom('document_packages as p').select((eb) => [
    'p.id',
    'p.name',
    'p.type',
    eb
      .selectFrom('document_package_documents as pd')
      .innerJoin('documents as d', 'd.id', 'pd.document_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .whereRef('pd.document_package_id', '=', 'p.id')
      .where('d.deleted_at', 'is', null)
      .as('document_count'),
  ]);
  const page = await listPage(c.db, base, query, {
    sortable: { name: sql`p.name` },
    defaultSort: { key: 'name', direction: 'asc' },
    tieBreaker: sql`p.id`,
    search: (pattern) => sql<boolean>`p.name ilike ${pattern}`,
  });
  return {
    ...page,
    result: page.result.map((p) => {
      const type = p.type as DocumentPackageType;
      return { documentPackageId: p.id, name: p.name, type, typeName: DocumentPackageTypeLabels[type], documentCount: Number(p.document_count ?? 0) };
    }),
  };
}

/** One package with its documents (the package dialog). */
export async function getDocumentPackage(ctx: ServiceContext, id: string): Promise<TDocumentPackage> {
  const c = requirePermission(ctx, P.documents);
  const [pkg] = await loadPackages(c.db, [id]);
  if (!pkg) throw notFound('Document package');
  return pkg;
}

const parse = (input: unknown) => {
  const r = ZDocumentPackageInput.safeParse(input);
  if (!r.success) throw fromZodIssues(r.error.issues);
  return r.data;
};

async function setDocuments(db: Db, packageId: string, documentIds: string[]) {
  const ids = [...new Set(documentIds)];
  if (ids.length) {
    const live = new Set((await db.selectFrom('documents').select('id').where('id', 'in', ids).where('deleted_at', 'is', null).execute()).map((r) => r.id));
    const i = documentIds.findIndex((id) => !live.has(id));
    if (i >= 0) throw new AppError('BAD_REQUEST', `DocumentIds.${i}: no such document`, `DocumentIds.${i}`);
  }
  await db.deleteFrom('document_package_documents').where('document_package_id', '=', packageId).execute();
  if (ids.length) await db.insertInto('document_package_documents').values(ids.map((id) => ({ document_package_id: packageId, document_id: id }))).execute();
}

/**
 * POST api/v1/documentlibrary/documentpackage. A documentPackageId in the body is refused: the server makes ids. With
 * an idempotency key (REST `Idempotency-Key`, tRPC `clientRequestId`) a retry whose answer was lost answers the
 * package the first call made instead of making a second.
 */
export async function createDocumentPackage(ctx: ServiceContext, input: TDocumentPackageInput, key?: IdempotencyKey): Promise<TDocumentPackage> {
  const c = requirePermission(ctx, P.documents);
  const data = parse(input);
  if (data.documentPackageId) throw new AppError('BAD_REQUEST', 'documentPackageId: a new package gets its id from the server', 'documentPackageId');
  const run = await runOnce({ db: c.db, userId: c.actor.userId, operation: 'document_package.create', key, hash: fingerprint(data) }, (claim) =>
    inTransaction(c, async (tx) => {
      const row = await tx.db.insertInto('document_packages').values({ name: data.name, type: packageTypeOf(data.type) }).returning('id').executeTakeFirstOrThrow();
      await setDocuments(tx.db, row.id, data.DocumentIds);
      await writeAuditTrail(tx.db, { entityType: 'document_package', entityId: row.id, actorUserId: c.actor.userId, action: 'create', changes: data });
      await claim(tx.db, row.id);
      return row.id;
    }),
  );
  const [made] = await loadPackages(c.db, [run.id]);
  if (!made) throw notFound('Document package');
  return made;
}

/** PUT api/v1/documentlibrary/documentpackage/{documentPackageId}: name, type and documents replaced. */
export async function updateDocumentPackage(ctx: ServiceContext, id: string, input: TDocumentPackageInput): Promise<TDocumentPackage> {
  const c = requirePermission(ctx, P.documents);
  const data = parse(input);
  if (data.documentPackageId && data.documentPackageId !== id) throw new AppError('BAD_REQUEST', 'documentPackageId: must be the id in the path', 'documentPackageId');
  await inTransaction(c, async (tx) => {
    const before = await tx.db.selectFrom('document_packages').select(['name', 'type']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw notFound('Document package');
    await tx.db.updateTable('document_packages').set({ name: data.name, type: packageTypeOf(data.type) }).where('id', '=', id).execute();
    await setDocuments(tx.db, id, data.DocumentIds);
    await writeAuditTrail(tx.db, { entityType: 'document_package', entityId: id, actorUserId: c.actor.userId, action: 'update', changes: { before, after: data } });
  });
  return (await loadPackages(c.db, [id]))[0]!;
}
