import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, two people editing the same inspection or audit: the later save of a field wins, and the one whose change
 * was overwritten is told. Each point result (inspections and audit runs alike) carries a version that every write of
 * it raises, with who wrote it; the audit's three texts carry the same per text in `text_versions`
 * (`{"comment": {"version": 3, "by": "<user id>", "at": "<iso>"}}`). A save may send the version it started from; a
 * stored version above it means someone else's change was overwritten, and the answer says so.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('inspection_point_results')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('audits').addColumn('text_versions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audits').dropColumn('text_versions').execute();
  await db.schema.alterTable('inspection_point_results').dropColumn('version').dropColumn('updated_by_user_id').execute();
}
