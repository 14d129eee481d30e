import { sql, type Kysely } from 'kysely';
import { baseColumns, dropTables, oneOf, timestamps, touchTrigger, trigramIndex } from './helpers.js';

/**
 * Document library (spec 002 §2 /Documents, §3 Document): nested categories, documents with versions,
 * packages, and links from documents to inspection points, product families and models.
 * A document without a category is in the 'uncategorized' bucket.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_categories')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_translation_key', 'text')
    .addColumn('parent_category_id', 'uuid', (c) => c.references('document_categories.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('document_categories_parent').on('document_categories').columns(['parent_category_id', 'name']).execute();
  await touchTrigger(db, 'document_categories');

  // The current version's file facts are repeated on the document so lists need no join.
  await db.schema
    .createTable('documents')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo('application/octet-stream'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('summary', 'text')
    .addColumn('metadata', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('document_category_id', 'uuid', (c) => c.references('document_categories.id').onDelete('set null'))
    .addColumn('source_system', 'text')
    .addColumn('uploaded_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index documents_category on documents (document_category_id, name) where deleted_at is null`.execute(db);
  await sql`create index documents_name on documents (name) where deleted_at is null`.execute(db);
  await trigramIndex(db, 'documents', 'name');
  await touchTrigger(db, 'documents');

  await db.schema
    .createTable('document_versions')
    .$call(baseColumns)
    .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('sha256', 'text')
    .addColumn('uploaded_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addUniqueConstraint('document_versions_unique', ['document_id', 'version'])
    .execute();
  await touchTrigger(db, 'document_versions');

  await db.schema
    .createTable('document_packages')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(oneOf('type', ['Auto', 'Proposed', 'Manual'])))
    .execute();
  await touchTrigger(db, 'document_packages');

  const link = async (table: string, column: string, target: string) => {
    await db.schema
      .createTable(table)
      .addColumn('document_id', 'uuid', (c) => c.notNull().references('documents.id').onDelete('cascade'))
      .addColumn(column, 'uuid', (c) => c.notNull().references(`${target}.id`).onDelete('cascade'))
      .$call(timestamps)
      .addPrimaryKeyConstraint(`${table}_pk`, [column, 'document_id'])
      .execute();
    await db.schema.createIndex(`${table}_document`).on(table).column('document_id').execute();
    await touchTrigger(db, table);
  };
  await link('document_package_documents', 'document_package_id', 'document_packages');
  await link('document_inspection_points', 'inspection_point_id', 'inspection_points');
  await link('document_product_families', 'product_family_id', 'product_families');
  await link('document_product_models', 'product_model_id', 'product_models');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'document_product_models',
    'document_product_families',
    'document_inspection_points',
    'document_package_documents',
    'document_packages',
    'document_versions',
    'documents',
    'document_categories',
  ]);
}
