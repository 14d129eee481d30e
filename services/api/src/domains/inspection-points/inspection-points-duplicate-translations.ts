import { sql } from 'kysely';
import type { Db } from '@insp/db';

/**
 * Issue 19: a duplicate takes the translations of the source's report texts with it (as it takes the name
 * translations). The copy's rows are new, made from the create payload, in the same order with the same texts, so
 * each is matched to its source row by its place and English text (and, for options, its parent's): a translation
 * keeps its `source`, so one that was outdated stays outdated. A predefined option group is shared, not copied.
 */
export async function copyTextTranslations(db: Db, sourceId: string, copyId: string): Promise<void> {
  await sql`update inspection_points set title_translations = (select title_translations from inspection_points where id = ${sourceId}) where id = ${copyId}`.execute(db);
  for (const table of ['range_values', 'multiple_choices', 'dropdowns', 'inspection_point_fields', 'inspection_point_rows']) {
    await sql`with s as (select translations, index, title, row_number() over (partition by index, title order by id) n from ${sql.table(table)} where inspection_point_id = ${sourceId}),
        c as (select id, index, title, row_number() over (partition by index, title order by id) n from ${sql.table(table)} where inspection_point_id = ${copyId})
      update ${sql.table(table)} t set translations = s.translations from s join c on c.index = s.index and c.title = s.title and c.n = s.n where t.id = c.id`.execute(db);
  }
  // Options with their follow-ups: matched by their parent's place and text and their own.
  const pairs = [
    sql`select so.id s_id, co.id c_id, so.follow_up_range_value_id s_fu, co.follow_up_range_value_id c_fu, so.translations
        from multiple_choices sp join multiple_choice_options so on so.multiple_choice_id = sp.id
        join multiple_choices cp on cp.inspection_point_id = ${copyId} and cp.index = sp.index and cp.title = sp.title
        join multiple_choice_options co on co.multiple_choice_id = cp.id and co.index = so.index and co.title = so.title
        where sp.inspection_point_id = ${sourceId}`,
    sql`select so.id s_id, co.id c_id, so.follow_up_range_value_id s_fu, co.follow_up_range_value_id c_fu, so.translations
        from dropdowns sp join dropdown_options so on so.dropdown_id = sp.id
        join dropdowns cp on cp.inspection_point_id = ${copyId} and cp.index = sp.index and cp.title = sp.title
        join dropdown_options co on co.dropdown_id = cp.id and co.index = so.index and co.title = so.title
        where sp.inspection_point_id = ${sourceId}`,
    sql`select so.id s_id, co.id c_id, so.follow_up_range_value_id s_fu, co.follow_up_range_value_id c_fu, so.translations
        from inspection_points sp join option_groups sg on sg.id = sp.option_group_id and sg.custom
        join option_group_options so on so.option_group_id = sg.id
        join inspection_points cp on cp.id = ${copyId} and cp.option_group_id <> sg.id
        join option_group_options co on co.option_group_id = cp.option_group_id and co.index = so.index and co.name = so.name
        where sp.id = ${sourceId}`,
  ];
  const tables = ['multiple_choice_options', 'dropdown_options', 'option_group_options'];
  for (const [i, pair] of pairs.entries()) {
    await sql`with p as (${pair}) update ${sql.table(tables[i]!)} t set translations = p.translations from p where t.id = p.c_id`.execute(db);
    await sql`with p as (${pair}) update follow_up_range_values t set translations = f.translations
      from p join follow_up_range_values f on f.id = p.s_fu where t.id = p.c_fu`.execute(db);
  }
}
