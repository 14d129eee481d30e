import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, two people editing the same inspection: findings and priority actions carry a version each, as point
 * results do (migration 0040), raised by a save that changes the item (a finding's photos included), with who wrote
 * it. A save may send the versions of the items it changed or deleted; one someone else changed since is kept (not
 * deleted) or, when both changed it, overwritten and reported. The signatures, dates and configurator use the
 * inspection's `text_versions` (migration 0055) and need no column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['inspection_findings', 'inspection_priority_actions']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      // when the version moved (updated_at moves with any write, a new place in the list included)
      .addColumn('version_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['inspection_findings', 'inspection_priority_actions']) {
    await db.schema.alterTable(table).dropColumn('version').dropColumn('updated_by_user_id').dropColumn('version_at').execute();
  }
}
