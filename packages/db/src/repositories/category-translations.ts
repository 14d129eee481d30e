import { sql, type RawBuilder } from 'kysely';

/**
 * Issue 19: what an inspection category records beside its title when the inspection (or audit run) starts: the
 * translations of the reference title it was picked from (`protocol_categories.category_title_id`), while the
 * protocol's title is still that reference's text; a free title records none (its report reads English). For an
 * insert that selects from `protocol_categories` under the alias `pc`.
 */
export const recordedCategoryTranslations: RawBuilder<unknown> = sql`coalesce(
  (select ct.translations from category_titles ct where ct.id = pc.category_title_id and ct.text = pc.title), '{}'::jsonb)`;
