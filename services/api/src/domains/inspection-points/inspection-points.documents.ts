import { detectContentType, newStorageKey, SIZE_LIMITS } from '@insp/storage';
import { P, type TInspectionPoint } from '@insp/contracts';
import { inTransaction, requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';
import { loadPoint } from './inspection-points.load.js';

/*
 * Files attached to a point (001 §7 uploadedFiles, PUT …/{id}/files): each becomes a document of the library,
 * uncategorized (the document picker's 'uncategorized' group), linked to the point. The stored file keeps its
 * extension (001 §5) under a generated key; the document keeps the file's name.
 */

export interface DocumentUpload {
  bytes: Buffer;
  fileName: string;
  contentType?: string;
}

const extensionOf = (fileName: string) => {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return ext;
};

/** Stores the files and links them to the point, inside the caller's transaction. */
export async function storeDocuments(tx: AuthedContext | ServiceContext, pointId: string, files: DocumentUpload[]) {
  const storage = storageOf(tx.config);
  for (const f of files) {
    const ext = extensionOf(f.fileName);
    const contentType = detectContentType(f.bytes) ?? f.contentType ?? 'application/octet-stream';
    const key = newStorageKey('documents', ext);
    // Storage is not transactional: a rolled-back write leaves an unreferenced file, never a row without its file.
    const stored = await storage.put(key, f.bytes, { contentType, maxBytes: SIZE_LIMITS.document });
    const name = f.fileName.slice(0, 255) || `document${ext ? `.${ext}` : ''}`;
    const doc = await tx.db
      .insertInto('documents')
      .values({
        name,
        file_type: ext,
        file_size: stored.size,
        content_type: contentType,
        storage_key: key,
        sha256: stored.sha256,
        source_system: 'UI',
        uploaded_by_user_id: tx.actor?.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.db
      .insertInto('document_versions')
      .values({ document_id: doc.id, version: 1, file_name: name, file_type: ext, file_size: stored.size, content_type: contentType, storage_key: key, sha256: stored.sha256, uploaded_by_user_id: tx.actor?.userId ?? null })
      .execute();
    await tx.db.insertInto('document_inspection_points').values({ document_id: doc.id, inspection_point_id: pointId }).execute();
  }
}

/** PUT api/v1/inspectionPoints/{id}/files: answers the point's documents after the upload. */
export async function uploadPointFiles(ctx: ServiceContext, id: string, files: DocumentUpload[]): Promise<TInspectionPoint['documents']> {
  const c = requirePermission(ctx, P.authoring);
  await inTransaction(c, async (tx) => {
    const point = await tx.db.selectFrom('inspection_points').select('id').where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!point) throw notFound('Inspection point');
    await storeDocuments(tx, id, files);
  });
  const point = await loadPoint(c.db, c.config, id);
  if (!point) throw notFound('Inspection point');
  return point.documents;
}
