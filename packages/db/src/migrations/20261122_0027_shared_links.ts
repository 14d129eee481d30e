import { sql, type Kysely } from 'kysely';
import { baseColumns, oneOf, touchTrigger } from './helpers.js';

/**
 * Issue 20: shared report links. A link hands a stored report PDF to someone without an account (a browser
 * download, an e-mail client) for a while and can be revoked. Only the SHA-256 of its token is kept (the token is
 * shown once, in the link), so a database reader cannot use a link. `storage_key` and `file_name` are the PDF as it
 * was when shared (a later change of the report makes a new PDF under another key; the link keeps the one shared).
 * Live = not revoked and not expired; the partial index finds a report's live links.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shared_links')
    .$call(baseColumns)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('target_kind', 'text', (c) => c.notNull().check(oneOf('target_kind', ['audit_report', 'inspection_report'])))
    .addColumn('target_id', 'uuid', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create index shared_links_live on shared_links (target_kind, target_id, expires_at) where revoked_at is null`.execute(db);
  await touchTrigger(db, 'shared_links');
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shared_links').ifExists().execute();
}
