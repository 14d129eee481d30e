import { sql, type Kysely } from 'kysely';

/**
 * Recorded results never change (issue 9): point authoring now renames options in place and hard-deletes what an
 * update omits, so a result's range values, multiple choices and dropdown picks carry the texts they were made
 * with (packages/contracts/src/recorded-picks.ts has the shape). This backfills results written before: each
 * entry without a recorded title gets the library's texts of now. Set-based: every entry of every result is
 * exploded once, joined to the library by hash, and folded back; entries keep their order, an entry whose library
 * row is already gone (or that is malformed) is left as it is. Content only, no schema change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await backfillPickTexts(db);
}

/** The recorded texts are additive keys the old readers ignore; nothing to undo. */
export async function down(): Promise<void> {}

// Exported for the migration's test: it re-runs the backfill over results written in the old shape.
export async function backfillPickTexts(db: Kysely<any>): Promise<void> {
  // Range values: the point's own (range_values) or an option's follow-up (follow_up_range_values, marked followUp).
  await sql`
    with el as (
      select r.id, x.ord, x.e
      from inspection_point_results r
      cross join lateral jsonb_array_elements(r.content -> 'rangeValues') with ordinality as x(e, ord)
      where jsonb_typeof(r.content -> 'rangeValues') = 'array'
    ), todo as (
      select distinct id from el where jsonb_typeof(e) = 'object' and not e ? 'title'
    ), fixed as (
      select el.id, jsonb_agg(
        case
          when jsonb_typeof(el.e) <> 'object' or el.e ? 'title' then el.e
          when rv.id is not null then el.e || jsonb_build_object('title', rv.title)
          when fu.id is not null then el.e || jsonb_build_object('title', fu.title, 'followUp', true)
          else el.e
        end order by el.ord) as list
      from el
      join todo on todo.id = el.id
      left join range_values rv on rv.id::text = el.e ->> 'rangeValueId'
      left join follow_up_range_values fu on fu.id::text = el.e ->> 'rangeValueId'
      group by el.id
    )
    update inspection_point_results r set content = jsonb_set(r.content, '{rangeValues}', fixed.list)
    from fixed where fixed.id = r.id`.execute(db);

  // Multiple choices: title, radio and every option of the choice (the report shows them all, the picked ones ticked).
  await sql`
    with el as (
      select r.id, x.ord, x.e
      from inspection_point_results r
      cross join lateral jsonb_array_elements(r.content -> 'multipleChoices') with ordinality as x(e, ord)
      where jsonb_typeof(r.content -> 'multipleChoices') = 'array'
    ), todo as (
      select distinct id from el where jsonb_typeof(e) = 'object' and not e ? 'title'
    ), opts as (
      select multiple_choice_id, jsonb_agg(jsonb_build_object('id', id, 'title', title) order by index, id) as list
      from multiple_choice_options group by multiple_choice_id
    ), fixed as (
      select el.id, jsonb_agg(
        case
          when jsonb_typeof(el.e) <> 'object' or el.e ? 'title' or c.id is null then el.e
          else el.e || jsonb_build_object('title', c.title, 'radio', c.radio, 'options', coalesce(opts.list, '[]'::jsonb))
        end order by el.ord) as list
      from el
      join todo on todo.id = el.id
      left join multiple_choices c on c.id::text = el.e ->> 'multipleChoiceId'
      left join opts on opts.multiple_choice_id = c.id
      group by el.id
    )
    update inspection_point_results r set content = jsonb_set(r.content, '{multipleChoices}', fixed.list)
    from fixed where fixed.id = r.id`.execute(db);

  // Dropdowns: title, multiselect, hideImages and the picked options (title, image) in the order picked.
  await sql`
    with el as (
      select r.id, x.ord, x.e
      from inspection_point_results r
      cross join lateral jsonb_array_elements(r.content -> 'dropdowns') with ordinality as x(e, ord)
      where jsonb_typeof(r.content -> 'dropdowns') = 'array'
    ), todo as (
      select distinct id from el where jsonb_typeof(e) = 'object' and not e ? 'title'
    ), picked as (
      select el.id, el.ord, jsonb_agg(jsonb_build_object('id', o.id, 'title', o.title, 'imageId', o.image_id) order by s.pos) as list
      from el
      join todo on todo.id = el.id
      cross join lateral jsonb_array_elements_text(
        case when jsonb_typeof(el.e) = 'object' and jsonb_typeof(el.e -> 'selectedOptionIds') = 'array' then el.e -> 'selectedOptionIds' else '[]'::jsonb end
      ) with ordinality as s(option_id, pos)
      join dropdown_options o on o.id::text = s.option_id
      group by el.id, el.ord
    ), fixed as (
      select el.id, jsonb_agg(
        case
          when jsonb_typeof(el.e) <> 'object' or el.e ? 'title' or d.id is null then el.e
          else el.e || jsonb_build_object('title', d.title, 'multiselect', d.multiselect, 'hideImages', d.hide_images,
            'selectedOptions', coalesce(picked.list, '[]'::jsonb))
        end order by el.ord) as list
      from el
      join todo on todo.id = el.id
      left join dropdowns d on d.id::text = el.e ->> 'dropdownId'
      left join picked on picked.id = el.id and picked.ord = el.ord
      group by el.id
    )
    update inspection_point_results r set content = jsonb_set(r.content, '{dropdowns}', fixed.list)
    from fixed where fixed.id = r.id`.execute(db);
}
