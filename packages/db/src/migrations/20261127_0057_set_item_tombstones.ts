import type { Kysely } from 'kysely';

/**
 * Issue 23, two people editing the same inspection: a deleted finding or priority action leaves a tombstone
 * (`deleted_at`, `deleted_by_user_id`, and its `version` raised at the deletion) instead of going away, so a later
 * save that changed it (from a form read before the deletion) can bring it back and tell its author who removed it
 * and when. Every read skips tombstoned rows. A finding's photos stay with the tombstone (they come back with it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['inspection_findings', 'inspection_priority_actions']) {
    await db.schema
      .alterTable(table)
      .addColumn('deleted_at', 'timestamptz')
      .addColumn('deleted_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['inspection_findings', 'inspection_priority_actions']) {
    await db.deleteFrom(table).where('deleted_at', 'is not', null).execute(); // a down forgets the tombstones
    await db.schema.alterTable(table).dropColumn('deleted_at').dropColumn('deleted_by_user_id').execute();
  }
}
