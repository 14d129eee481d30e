import { sql, type Kysely } from 'kysely';
import { baseColumns, dropTables, oneOf, touchTrigger } from './helpers.js';

/**
 * Imports of customers, sites and equipment from an uploaded Excel or CSV file (issue 3). One row per
 * upload carries the job's status, progress and counts, so the screen can poll one row; the per-row
 * errors are a child table because a large bad file can have thousands of them and the screen pages them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customer_imports')
    .$call(baseColumns)
    .addColumn('created_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(oneOf('status', ['queued', 'running', 'done', 'failed'])))
    .addColumn('total_rows', 'integer')
    .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customers_created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customers_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sites_created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sites_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('equipment_created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('equipment_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    // Why the whole import failed (unreadable file, no header row); row problems go to customer_import_errors.
    .addColumn('error', 'text')
    .execute();
  await sql`create index customer_imports_created on customer_imports (created_at desc, id)`.execute(db);
  await touchTrigger(db, 'customer_imports');

  await db.schema
    .createTable('customer_import_errors')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('import_id', 'uuid', (c) => c.notNull().references('customer_imports.id').onDelete('cascade'))
    // The row number the administrator sees in Excel: the header is row 1, the first data row 2.
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('field', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .execute();
  await sql`create index customer_import_errors_import on customer_import_errors (import_id, row_number, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['customer_import_errors', 'customer_imports']);
}
