import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../client.js';

/** One document of a package as a field client syncs it: the current version's file facts. */
export interface ManifestEntry {
  documentId: string;
  name: string;
  fileName: string;
  version: number;
  fileSize: number;
  sha256: string | null;
  contentType: string;
}

export interface PackageManifestRows {
  id: string;
  name: string;
  type: string;
  storedVersion: string | null;
  storedChangedAt: Date | null;
  documents: ManifestEntry[];
}

/**
 * A package's live documents with their current versions, ordered by id (a stable order: the version hash depends
 * on it). Two statements on the package's primary key and the link table's primary key; deleted documents left out.
 */
export async function loadPackageManifestRows(db: Db, packageId: string): Promise<PackageManifestRows | null> {
  const pkg = await db
    .selectFrom('document_packages')
    .select(['id', 'name', 'type', 'manifest_version', 'manifest_changed_at'])
    .where('id', '=', packageId)
    .executeTakeFirst();
  if (!pkg) return null;
  const documents = await manifestEntries(db, packageId);
  return { id: pkg.id, name: pkg.name, type: pkg.type, storedVersion: pkg.manifest_version, storedChangedAt: pkg.manifest_changed_at, documents };
}

async function manifestEntries(db: Db, packageId: string): Promise<ManifestEntry[]> {
  const rows = await db
    .selectFrom('document_package_documents as pd')
    .innerJoin('documents as d', 'd.id', 'pd.document_id')
    .leftJoin('document_versions as v', (j) => j.onRef('v.document_id', '=', 'd.id').onRef('v.version', '=', 'd.version'))
    .select(['d.id', 'd.name', 'd.version', 'd.file_size', 'd.sha256', 'd.content_type', 'v.file_name'])
    .where('pd.document_package_id', '=', packageId)
    .where('d.deleted_at', 'is', null)
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({
    documentId: r.id,
    name: r.name,
    fileName: r.file_name ?? r.name,
    version: r.version,
    fileSize: Number(r.file_size),
    sha256: r.sha256,
    contentType: r.content_type,
  }));
}

/**
 * The manifest's version: a hash of exactly what a field client syncs (ids, versions, names, sizes, hashes, types),
 * so it changes when and only when the content does: a touch of a row, a re-save of the same data or a renamed
 * package leave it alone, and no counter has to be kept in step with every write that could change a package.
 */
export function manifestVersion(documents: readonly ManifestEntry[]): string {
  const h = createHash('sha256').update('document-manifest-1');
  for (const d of documents) h.update('\0').update(JSON.stringify([d.documentId, d.version, d.name, d.fileName, d.fileSize, d.sha256, d.contentType]));
  return h.digest('hex');
}

/**
 * The document sync job's record for one package: stores the version and when it last changed, writing only when
 * it did change (the package's updated_at then moves too, and an unchanged package costs no write). Returns
 * whether it changed.
 */
export async function recordManifestVersion(db: Db, packageId: string): Promise<{ version: string; changed: boolean } | null> {
  const rows = await loadPackageManifestRows(db, packageId);
  if (!rows) return null;
  const version = manifestVersion(rows.documents);
  if (version === rows.storedVersion) return { version, changed: false };
  const result = await db
    .updateTable('document_packages')
    .set({ manifest_version: version, manifest_changed_at: sql<Date>`now()` })
    .where('id', '=', packageId)
    // a second run racing this one writes the same version once
    .where((eb) => eb.or([eb('manifest_version', 'is', null), eb('manifest_version', '!=', version)]))
    .executeTakeFirst();
  return { version, changed: Number(result.numUpdatedRows) > 0 };
}
