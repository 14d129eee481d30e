import { z } from 'zod';
import { ZDocumentCategoryInput, ZDocumentListQuery, ZDocumentMetadataInput, ZDocumentPackageInput, ZId, ZIdempotencyKey, ZListQuery } from '@insp/contracts';
import { keyFromInput } from '../../lib/idempotency.js';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { categoryTree, documentDetails, documentStorageUrl, listDocuments } from './documents-read.service.js';
import { createDocumentCategory, deleteDocument, saveDocumentMetadata } from './documents-write.service.js';
import { documentPointChoices } from './document-choices.service.js';
import { createDocumentPackage, getDocumentPackage, listDocumentPackagePage, updateDocumentPackage } from './document-packages.service.js';

/**
 * The /Documents screen (002 §2). Uploads (new documents and versions) stay REST multipart
 * (POST api/v1/documentlibrary/document and …/document/version), so the bytes stream and never pass through tRPC.
 */
export const documentsRouter = router({
  /** Categories with their own and subtree document counts, plus the 'uncategorized' bucket's count. */
  categoryTree: authedProcedure.query(({ ctx }) => categoryTree(ctx)),
  /** A category's documents (or 'uncategorized', or all), paged, sorted and searched. */
  list: authedProcedure.input(ZDocumentListQuery).query(({ ctx, input }) => listDocuments(ctx, input)),
  /** The details panel: versions, links with names, download link. */
  details: authedProcedure.input(z.object({ id: ZId })).query(({ ctx, input }) => documentDetails(ctx, input.id)),
  storageUrl: authedProcedure
    .input(z.object({ id: ZId, version: z.number().int().min(1).optional() }))
    .query(({ ctx, input }) => documentStorageUrl(ctx, input.id, input.version)),
  /** The packages list, paged; a package with its documents when it is opened. */
  packagesPage: authedProcedure.input(ZListQuery).query(({ ctx, input }) => listDocumentPackagePage(ctx, input)),
  package: authedProcedure.input(z.object({ id: ZId })).query(({ ctx, input }) => getDocumentPackage(ctx, input.id)),
  /** Inspection points to link a document to, by name, paged (the library's Managers may not read the point list). */
  pointChoices: authedProcedure.input(ZListQuery).query(({ ctx, input }) => documentPointChoices(ctx, input)),

  createCategory: authedProcedure.input(ZDocumentCategoryInput).mutation(({ ctx, input }) => createDocumentCategory(ctx, input)),
  saveMetadata: authedProcedure.input(ZDocumentMetadataInput).mutation(({ ctx, input }) => saveDocumentMetadata(ctx, input)),
  delete: authedProcedure.input(z.object({ id: ZId })).mutation(({ ctx, input }) => deleteDocument(ctx, input.id)),
  createPackage: authedProcedure
    .input(ZDocumentPackageInput.extend({ clientRequestId: ZIdempotencyKey.optional() }))
    .mutation(({ ctx, input: { clientRequestId, ...data } }) => createDocumentPackage(ctx, data, keyFromInput(clientRequestId))),
  updatePackage: authedProcedure
    .input(z.object({ documentPackageId: ZId, data: ZDocumentPackageInput }))
    .mutation(({ ctx, input }) => updateDocumentPackage(ctx, input.documentPackageId, input.data)),
});
