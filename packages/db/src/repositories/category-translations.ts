import { sql, type RawBuilder } from 'kysely';

/**
 * Issue 19: what an inspection category records beside its title when the inspection (or audit run) starts: the
 * translations of the reference title it was picked from (`protocol_categories.category_title_id`), while the
 * protocol's title is still that reference's text; a free title records none (its report reads English). For an
 * insert that selects from `protocol_categories` under the alias `pc`.
 */
export const recordedCategoryTranslations: RawBuilder<unknown> = sql`coalesce(
  (select ct.translations from category_titles ct where ct.id = pc.category_title_id and ct.text = pc.title), '{}'::jsonb)`;

/**
 * Likewise for the category's subcategory titles (migration 0023): per subcategory index, the translations of the
 * reference title it was picked from while its text is still that reference's; `{}` when none has any.
 */
export const recordedSubcategoryTranslations: RawBuilder<unknown> = sql`coalesce(
  (select jsonb_object_agg(st.index::text, ct.translations) from protocol_subcategory_titles st
     join category_titles ct on ct.id = st.category_title_id and ct.text = st.title
   where st.protocol_category_id = pc.id), '{}'::jsonb)`;
