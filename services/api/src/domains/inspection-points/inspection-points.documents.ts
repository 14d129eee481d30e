import { detectContentType, newStorageKey, SIZE_LIMITS } from '@insp/storage';
import { P, type TInspectionPoint } from '@insp/contracts';
import { inTransaction, requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { AppConfig } from '../../config.js';
import { fingerprint, runOnce, sha256, type IdempotencyKey } from '../../lib/idempotency.js';
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

/** A file put in storage, waiting for its document row. */
export interface StoredUpload {
  key: string;
  name: string;
  ext: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * Runs a point write with its files: they are put in storage first, outside the write's transaction (storage is
 * slow and not transactional, so no row lock waits on an upload), and removed again when the write fails, so a
 * refused or rolled-back write leaves neither a row nor a file.
 */
export async function withUploads<T>(config: AppConfig, files: DocumentUpload[], write: (stored: StoredUpload[]) => Promise<T>): Promise<T> {
  const storage = storageOf(config);
  const stored: StoredUpload[] = [];
  try {
    for (const f of files) {
      const ext = extensionOf(f.fileName);
      const contentType = detectContentType(f.bytes) ?? f.contentType ?? 'application/octet-stream';
      const key = newStorageKey('documents', ext);
      const put = await storage.put(key, f.bytes, { contentType, maxBytes: SIZE_LIMITS.document });
      stored.push({ key, ext, contentType, size: put.size, sha256: put.sha256, name: f.fileName.slice(0, 255) || `document${ext ? `.${ext}` : ''}` });
    }
    return await write(stored);
  } catch (err) {
    await Promise.allSettled(stored.map((x) => storage.delete(x.key)));
    throw err;
  }
}

/** Document rows (version 1, uncategorized) for stored files, linked to the point, in the caller's transaction. */
export async function linkUploads(tx: AuthedContext | ServiceContext, pointId: string, stored: StoredUpload[]) {
  for (const f of stored) {
    const by = tx.actor?.userId ?? null;
    const doc = await tx.db
      .insertInto('documents')
      .values({ name: f.name, file_type: f.ext, file_size: f.size, content_type: f.contentType, storage_key: f.key, sha256: f.sha256, source_system: 'UI', uploaded_by_user_id: by })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.db
      .insertInto('document_versions')
      .values({ document_id: doc.id, version: 1, file_name: f.name, file_type: f.ext, file_size: f.size, content_type: f.contentType, storage_key: f.key, sha256: f.sha256, uploaded_by_user_id: by })
      .execute();
    await tx.db.insertInto('document_inspection_points').values({ document_id: doc.id, inspection_point_id: pointId }).execute();
  }
}

/**
 * PUT api/v1/inspectionPoints/{id}/files: answers the point's documents after the upload. Each call makes new
 * documents, so a retried upload whose answer was lost would add them twice: with an idempotency key (issue 19) a
 * repeat answers the point's documents and stores nothing; the key with other files or another point is a 409.
 */
export async function uploadPointFiles(ctx: ServiceContext, id: string, files: DocumentUpload[], key?: IdempotencyKey): Promise<TInspectionPoint['documents']> {
  const c = requirePermission(ctx, P.authoring);
  const hash = key ? fingerprint({ pointId: id, files: files.map((f) => ({ name: f.fileName, sha256: sha256(f.bytes) })) }) : '';
  await runOnce({ db: c.db, userId: c.actor.userId, operation: 'inspection_point.files', key, hash }, (claim) =>
    withUploads(c.config, files, (stored) =>
      inTransaction(c, async (tx) => {
        const point = await tx.db.selectFrom('inspection_points').select('id').where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
        if (!point) throw notFound('Inspection point');
        await linkUploads(tx, id, stored);
        await claim(tx.db, id);
        return id;
      }),
    ),
  );
  const point = await loadPoint(c.db, c.config, id);
  if (!point) throw notFound('Inspection point');
  return point.documents;
}
