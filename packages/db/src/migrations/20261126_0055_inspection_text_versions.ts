import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, two people editing the same inspection: the inspection's own texts (info box texts, summary, comment,
 * internal comment) carry a version each, as the audit's texts do (migration 0040): `text_versions`
 * `{"summary": {"version": 3, "by": "<user id>", "byName": "Max Manager", "at": <epoch ms>}}`, raised by a save that
 * changes the text. A save may send the versions it started from; a newer stored one of someone else is reported.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inspections').addColumn('text_versions', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inspections').dropColumn('text_versions').execute();
}
