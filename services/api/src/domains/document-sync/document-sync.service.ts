import { loadPackageManifestRows, manifestVersion } from '@insp/db';
import { P, type TDocumentPackageManifest } from '@insp/contracts';
import { requirePermission, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';

/**
 * A document package's manifest (issue 21), computed from the database on each call, so it is never behind an edit;
 * the version is a hash of the content (packages/db document-manifest.ts). The document sync job records the
 * version of Automatic packages with the time it changed: `changedAt` is that time while the recorded version is
 * the one computed now. Read level: the document library's (P.documents, spec 002 /Documents 2 internal, 3 external).
 */
export async function getPackageManifest(ctx: ServiceContext, packageId: string): Promise<TDocumentPackageManifest> {
  const c = requirePermission(ctx, P.documents);
  const rows = await loadPackageManifestRows(c.db, packageId);
  if (!rows) throw notFound('Document package');
  const version = manifestVersion(rows.documents);
  return {
    documentPackageId: rows.id,
    name: rows.name,
    type: rows.type as TDocumentPackageManifest['type'],
    version,
    changedAt: rows.storedVersion === version && rows.storedChangedAt ? new Date(rows.storedChangedAt).getTime() : null,
    documents: rows.documents,
  };
}
