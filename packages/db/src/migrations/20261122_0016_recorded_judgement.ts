import { sql, type Kysely } from 'kysely';

/**
 * Recorded results never change (issue 9 review): beside its picks, a result now records what its report judges it
 * by, the radio option list (`optionNames`) and the measurement limits that applied (`limits`, null for none);
 * packages/contracts/src/recorded-picks.ts, readRecordedJudgement. This backfills results written before, with the
 * library of now as the report printed it until today: the option names of the point's group in order, the
 * limits of the inspection's model, else of its family, and a measured point's title, unit and table title. Set-based, idempotent (a key already present is kept),
 * content only; a result whose content is not an object (or is null) gets an object.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await backfillJudgement(db);
}

/** Additive keys the old readers ignore; nothing to undo. */
export async function down(): Promise<void> {}

// Exported for the test: it re-runs the backfill over results written in the old shape.
export async function backfillJudgement(db: Kysely<any>): Promise<void> {
  const objectOf = sql`case when jsonb_typeof(r.content) = 'object' then r.content else '{}'::jsonb end`;
  await sql`
    update inspection_point_results r
    set content = ${objectOf} || jsonb_build_object('optionNames', coalesce(
      (select jsonb_agg(o.name order by o.index, o.id) from option_group_options o where o.option_group_id = p.option_group_id), '[]'::jsonb))
    from inspection_points p
    where p.id = r.inspection_point_id
      and p.type in ('RadioButtonSelection', 'RadioButtonSelectionAndRangeValues')
      and not coalesce(jsonb_typeof(r.content) = 'object' and r.content ? 'optionNames', false)
  `.execute(db);
  await sql`
    update inspection_point_results r
    set content = ${objectOf} || jsonb_build_object('limits', (
      select jsonb_build_object('criticalLow', l.critical_low, 'low', l.low, 'high', l.high, 'criticalHigh', l.critical_high)
      from measurement_limits l
      where l.inspection_point_id = r.inspection_point_id
        and (l.product_model_id = i.product_model_id or l.product_family_id = i.product_family_id)
      order by (l.product_model_id is not null) desc, l.created_at, l.id
      limit 1))
    from inspection_points p, inspections i
    where p.id = r.inspection_point_id and i.id = r.inspection_id
      and p.type in ('Measurement', 'Summary', 'SummaryWithRows', 'MeasurementsWithPicture')
      and not coalesce(jsonb_typeof(r.content) = 'object' and r.content ? 'limits', false)
  `.execute(db);
  // Title, unit symbol and table title of measured points, as the report printed them.
  await sql`
    update inspection_point_results r
    set content = ${objectOf} || jsonb_build_object('measurementTitle', p.measurement_title, 'unit', u.symbol)
      || case when p.type in ('Summary', 'SummaryWithRows', 'MeasurementsWithPicture') then jsonb_build_object('fieldTitle', p.field_title) else '{}'::jsonb end
    from inspection_points p
    left join units u on u.id = p.measurement_unit_id
    where p.id = r.inspection_point_id
      and p.type in ('Measurement', 'Summary', 'SummaryWithRows', 'MeasurementsWithPicture')
      and not coalesce(jsonb_typeof(r.content) = 'object' and r.content ? 'measurementTitle', false)
  `.execute(db);
}
