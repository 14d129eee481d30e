import { sql, type Kysely } from 'kysely';
import { oneOf } from './helpers.js';

/**
 * Issue 21 (docs/decisions.md, "Storage at scale, document sync and clean-up"):
 * - `generated_files`: every PDF and export the product prints into storage under a content key (report, audit
 *   report, protocol export), with when it was last asked for. The clean-up deletes a file unused for a grace
 *   period and held by no live shared link; anything it deletes is printed again on the next request.
 * - `shared_links_storage_key`: the clean-up asks, for each candidate, whether a live link still holds its key.
 * - `document_packages.manifest_*`: the document sync job's record of each package's manifest: its version (a hash
 *   of its content), when that version last changed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('generated_files')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['report_pdf', 'audit_pdf', 'protocol_export'])))
    .addColumn('size', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('generated_files_last_used_at').on('generated_files').column('last_used_at').execute();
  await sql`create index shared_links_storage_key on shared_links (storage_key)`.execute(db);

  await db.schema
    .alterTable('document_packages')
    .addColumn('manifest_version', 'text')
    .addColumn('manifest_changed_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists shared_links_storage_key`.execute(db);
  await db.schema.dropTable('generated_files').ifExists().execute();
}
