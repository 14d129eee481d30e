import { sql, type Kysely } from 'kysely';

/**
 * Issue 19 'A report in German is German': translations of the texts a report prints beside the point's name.
 * Each translatable library text gets a `translations` jsonb on its own row, `{ [language]: { text, source } }`,
 * where `source` is the English text the translation was written for: a translation whose source is no longer
 * the English text is outdated (the editor tags it) and is never printed (docs/decisions.md, 'Report texts in
 * the report's language'). The point's own titles (measurement, table, range value) sit on the point under their
 * key. Category titles are translated on the reference list; an inspection records its categories' translations
 * when it starts (null: started before this migration, the report then reads the reference list of today).
 */
const LIBRARY_TABLES = [
  'option_group_options', 'follow_up_range_values', 'range_values', 'multiple_choices', 'multiple_choice_options',
  'dropdowns', 'dropdown_options', 'inspection_point_fields', 'inspection_point_rows', 'category_titles',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LIBRARY_TABLES) {
    await sql`alter table ${sql.table(table)} add column translations jsonb not null default '{}'::jsonb`.execute(db);
  }
  // { measurementTitle?: {...}, fieldTitle?: {...}, rangeValueTitle?: {...} }
  await sql`alter table inspection_points add column title_translations jsonb not null default '{}'::jsonb`.execute(db);
  await sql`alter table inspection_categories add column title_translations jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table inspection_categories drop column if exists title_translations`.execute(db);
  await sql`alter table inspection_points drop column if exists title_translations`.execute(db);
  for (const table of LIBRARY_TABLES) await sql`alter table ${sql.table(table)} drop column if exists translations`.execute(db);
}
