import { sql, type Kysely } from 'kysely';

/**
 * Issue 19: a report prints each category's subcategory titles (001 §3 'subcategory titles', Commission protocols)
 * under the category, in the report's language. Like the category title (migration 0019), an inspection records
 * the translations of its subcategory titles when it starts, `{ [subcategory index]: { [language]: { text, source } } }`;
 * null (started before) reads the reference titles' translations of today.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table inspection_categories add column subcategory_translations jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table inspection_categories drop column if exists subcategory_translations`.execute(db);
}
