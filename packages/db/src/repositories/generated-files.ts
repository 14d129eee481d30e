import { sql } from 'kysely';
import type { Db } from '../client.js';

/**
 * PDFs and exports the product prints into storage under content keys (`report-pdf/`, `audit-pdf/`,
 * `protocol-export/`, `translations-export/` (issue 21, migration 0034), packages/report/src/document-files.ts). Each is recorded with when it was last asked for, so
 * the worker's `maintenance.generatedFiles` can delete the ones nobody asked for in a while (docs/decisions.md,
 * "Storage at scale, document sync and clean-up"). Anything deleted is printed again on the next request, except
 * the file a shared link snapshots: those are kept while the link lives.
 */
export type GeneratedFileKind = 'report_pdf' | 'audit_pdf' | 'protocol_export' | 'translations_export' | 'due_export';

const KIND_BY_FOLDER: Record<string, GeneratedFileKind> = {
  'report-pdf': 'report_pdf',
  'audit-pdf': 'audit_pdf',
  'protocol-export': 'protocol_export',
  'translations-export': 'translations_export',
  'due-export': 'due_export', // issue 24, migration 0049: a due list's workbook, one per request
};

/** The folders generated files are stored in, as storage prefixes. */
export const GENERATED_FILE_FOLDERS = Object.keys(KIND_BY_FOLDER).map((f) => `${f}/`);

/** The kind a key's first folder names, or null for any other stored file (uploads are never touched). */
export const generatedFileKind = (key: string): GeneratedFileKind | null => KIND_BY_FOLDER[key.split('/', 1)[0]!] ?? null;

/** A use refreshes `last_used_at` at most this often, so a busy PDF costs no write per download. */
const TOUCH_EVERY = '1 hour';

/**
 * Records that a generated file is about to be served or reused. Call it BEFORE reading the file: the clean-up
 * holds the row locked while it deletes the file, so a touch either lands first (the file is young again and
 * kept) or waits until the file is gone (the caller then finds nothing and prints it anew). Not a generated key:
 * nothing happens.
 */
export async function touchGeneratedFile(db: Db, key: string): Promise<void> {
  const kind = generatedFileKind(key);
  if (!kind) return;
  await db
    .insertInto('generated_files')
    .values({ storage_key: key, kind })
    .onConflict((oc) =>
      oc
        .column('storage_key')
        .doUpdateSet({ last_used_at: sql`now()` })
        .where('generated_files.last_used_at', '<', sql<Date>`now() - ${TOUCH_EVERY}::interval`),
    )
    .execute();
}

/** After a put: the file exists now, of this size, and was just used. */
export async function recordGeneratedFile(db: Db, key: string, size: number): Promise<void> {
  const kind = generatedFileKind(key);
  if (!kind) return;
  await db
    .insertInto('generated_files')
    .values({ storage_key: key, kind, size })
    .onConflict((oc) => oc.column('storage_key').doUpdateSet({ size, last_used_at: sql`now()` }))
    .execute();
}

/**
 * Records files found in storage that no row knows (stored before migration 0032, or a worker that died between its
 * put and its record) as used now: they start their grace period instead of living forever. Returns how many.
 */
export async function adoptGeneratedFiles(db: Db, files: ReadonlyArray<{ key: string; size: number }>): Promise<number> {
  const values = files.flatMap((f) => {
    const kind = generatedFileKind(f.key);
    return kind ? [{ storage_key: f.key, kind, size: f.size }] : [];
  });
  if (!values.length) return 0;
  const result = await db.insertInto('generated_files').values(values).onConflict((oc) => oc.column('storage_key').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
