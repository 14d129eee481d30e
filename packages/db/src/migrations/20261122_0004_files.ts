import { type Kysely } from 'kysely';
import { baseColumns, dropTables, touchTrigger } from './helpers.js';

/**
 * Stored blobs the domain refers to: photos/signatures/dropdown option images and voice comments.
 * The bytes live in the file storage under storage_key (generated, never a user path); the row keeps
 * what was checked from the bytes (content type, size, sha256).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['images', 'voice_comments']) {
    await db.schema
      .createTable(table)
      .$call(baseColumns)
      .addColumn('storage_key', 'text', (c) => c.notNull().unique())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text')
      .addColumn('uploaded_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .$call((t) =>
        table === 'images'
          ? t.addColumn('width', 'integer').addColumn('height', 'integer')
          : t.addColumn('duration_ms', 'integer'),
      )
      .execute();
    await db.schema.createIndex(`${table}_sha256`).on(table).column('sha256').execute();
    await db.schema.createIndex(`${table}_uploader`).on(table).columns(['uploaded_by_user_id', 'created_at']).execute();
    await touchTrigger(db, table);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['voice_comments', 'images']);
}
