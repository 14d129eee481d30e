import { sql, type Kysely } from 'kysely';
import { baseColumns, dropTables, oneOf, touchTrigger, trigramIndex } from './helpers.js';

const POINT_TYPES = [
  'Comment', 'Measurement', 'Summary', 'SummaryWithRows', 'MeasurementsWithPicture', 'RadioButtonSelection',
  'RadioButtonSelectionAndRangeValues', 'RangeValues', 'MultipleChoices', 'MultipleChoicesAndRangeValues', 'Dropdown',
];
const KEYBOARD_TYPES = ['default', 'number-pad', 'decimal-pad', 'numeric', 'email-address', 'phone-pad', 'date', 'date-time'];
const CONSEQUENCES = ['NoAction', 'PreventMovingNextPoint', 'PreventReport'];
const AGGREGATIONS = ['Average', 'Sum', 'Min', 'Max', 'Diff', 'No'];

/**
 * The inspection point library (spec 001 §3) with every type-specific part as its own table:
 * option groups + options, follow-up range values, range values, multiple choices + options,
 * dropdowns + options, table fields/rows, visualization datasets, translations, metas and
 * measurement limits. Child rows are owned by their point (on delete cascade); points themselves are
 * soft-deleted because protocols keep referring to them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Predefined groups (custom = false) are shared; 'Customize' copies one into a custom group owned by one point.
  await db.schema
    .createTable('option_groups')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('custom', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('option_groups_custom_name').on('option_groups').columns(['custom', 'name']).execute();
  await touchTrigger(db, 'option_groups');

  // A follow-up range value hangs off one option (radio, multiple-choice or dropdown option) through the
  // option's follow_up_range_value_id. New ones: index 0, empty title, NoAction, no metas (001 §3).
  await db.schema
    .createTable('follow_up_range_values')
    .$call(baseColumns)
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keyboard_type', 'text', (c) => c.notNull().defaultTo('default').check(oneOf('keyboard_type', KEYBOARD_TYPES)))
    .addColumn('input_validation_regexp', 'text')
    .addColumn('validation_consequence', 'text', (c) =>
      c.notNull().defaultTo('NoAction').check(oneOf('validation_consequence', CONSEQUENCES)),
    )
    .addColumn('metas', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await touchTrigger(db, 'follow_up_range_values');

  await db.schema
    .createTable('option_group_options')
    .$call(baseColumns)
    .addColumn('option_group_id', 'uuid', (c) => c.notNull().references('option_groups.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    // Default comment filled in when the option is picked (000 §2.6).
    .addColumn('comment', 'text')
    .addColumn('follow_up_range_value_id', 'uuid', (c) => c.references('follow_up_range_values.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('option_group_options_group').on('option_group_options').columns(['option_group_id', 'index']).execute();
  await touchTrigger(db, 'option_group_options');

  await db.schema
    .createTable('inspection_points')
    .$call(baseColumns)
    .addColumn('type', 'text', (c) => c.notNull().check(oneOf('type', POINT_TYPES)))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('keyboard_type', 'text', (c) => c.notNull().defaultTo('default').check(oneOf('keyboard_type', KEYBOARD_TYPES)))
    .addColumn('input_validation_regexp', 'text')
    .addColumn('validation_consequence', 'text', (c) =>
      c.notNull().defaultTo('NoAction').check(oneOf('validation_consequence', CONSEQUENCES)),
    )
    // Field configs (001 §5 defaults): comment, internal comment, voice present; rating present and required;
    // photo present, not required, only for failure.
    .addColumn('comment_field_present', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('internal_comment_field_present', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('rating_field_present', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('rating_field_required', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('photo_field_present', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('photo_field_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('photo_field_only_for_failure', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('voice_comment_field_present', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('name_overridable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('product_category_id', 'uuid', (c) => c.notNull().references('product_categories.id').onDelete('restrict'))
    .addColumn('category', 'text')
    .addColumn('measurement_title', 'text')
    .addColumn('measurement_unit_id', 'uuid', (c) => c.references('units.id').onDelete('set null'))
    .addColumn('field_title', 'text')
    .addColumn('visualization_type', 'text', (c) =>
      c.notNull().defaultTo('NoVisualization').check(oneOf('visualization_type', ['LineChart', 'NoVisualization'])),
    )
    .addColumn('life_estimate_type', 'text', (c) =>
      c.notNull().defaultTo('Off').check(oneOf('life_estimate_type', ['Off', 'Min', 'Max'])),
    )
    .addColumn('aggregation_direction', 'text', (c) =>
      c.notNull().defaultTo('No').check(oneOf('aggregation_direction', ['No', 'Row', 'Column', 'Both'])),
    )
    .addColumn('option_group_id', 'uuid', (c) => c.references('option_groups.id').onDelete('set null'))
    .addColumn('range_value_title', 'text')
    .addColumn('source_system', 'text')
    // A translation is outdated when it was updated before the text it translates (001 list: warning tag).
    .addColumn('name_updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('description_updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index inspection_points_name on inspection_points (name, id) where deleted_at is null`.execute(db);
  await sql`create index inspection_points_type on inspection_points (type, name) where deleted_at is null`.execute(db);
  await sql`create index inspection_points_category on inspection_points (product_category_id, name) where deleted_at is null`.execute(db);
  await db.schema.createIndex('inspection_points_option_group').on('inspection_points').column('option_group_id').execute();
  await trigramIndex(db, 'inspection_points', 'name');
  await touchTrigger(db, 'inspection_points');

  // Metas {type, value} (001 §3): filtered on by the point list (inspection type, family, model, serial).
  await db.schema
    .createTable('inspection_point_metas')
    .$call(baseColumns)
    .addColumn('inspection_point_id', 'uuid', (c) => c.notNull().references('inspection_points.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inspection_point_metas_point').on('inspection_point_metas').columns(['inspection_point_id', 'type']).execute();
  await db.schema.createIndex('inspection_point_metas_type_value').on('inspection_point_metas').columns(['type', 'value']).execute();
  await touchTrigger(db, 'inspection_point_metas');

  // Name and description translations per language (the language en is the point's own text).
  await db.schema
    .createTable('inspection_point_translations')
    .$call(baseColumns)
    .addColumn('inspection_point_id', 'uuid', (c) => c.notNull().references('inspection_points.id').onDelete('cascade'))
    .addColumn('language_id', 'text', (c) => c.notNull().references('languages.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(oneOf('kind', ['Name', 'Description'])))
    .addColumn('value', 'text', (c) => c.notNull())
    .addUniqueConstraint('inspection_point_translations_unique', ['inspection_point_id', 'kind', 'language_id'])
    .execute();
  await db.schema.createIndex('inspection_point_translations_language').on('inspection_point_translations').columns(['language_id', 'kind']).execute();
  await touchTrigger(db, 'inspection_point_translations');

  // Table-type points (SummaryWithRows, MeasurementsWithPicture, Summary): columns ("fields") and rows.
  await db.schema
    .createTable('inspection_point_fields')
    .$call(baseColumns)
    .addColumn('inspection_point_id', 'uuid', (c) => c.notNull().references('inspection_points.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keyboard_type', 'text', (c) => c.notNull().defaultTo('default').check(oneOf('keyboard_type', KEYBOARD_TYPES)))
    .addColumn('aggregation', 'text', (c) => c.notNull().defaultTo('No').check(oneOf('aggregation', AGGREGATIONS)))
    .execute();
  await db.schema.createIndex('inspection_point_fields_point').on('inspection_point_fields').columns(['inspection_point_id', 'index']).execute();
  await touchTrigger(db, 'inspection_point_fields');

  await db.schema
    .createTable('inspection_point_rows')
    .$call(baseColumns)
    .addColumn('inspection_point_id', 'uuid', (c) => c.notNull().references('inspection_points.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('aggregation', 'text', (c) => c.notNull().defaultTo('No').check(oneOf('aggregation', AGGREGATIONS)))
    .execute();
  await db.schema.createIndex('inspection_point_rows_point').on('inspection_point_rows').columns(['inspection_point_id', 'index']).execute();
  await touchTrigger(db, 'inspection_point_rows');

  await db.schema
    .createTable('inspection_point_visualization_datasets')
    .$call(baseColumns)
    .addColumn('inspection_point_id', 'uuid', (c) => c.notNull().references('inspection_points.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('row_id', 'uuid', (c) => c.references('inspection_point_rows.id').onDelete('cascade'))
    .addColumn('field_id', 'uuid', (c) => c.references('inspection_point_fields.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('inspection_point_visualization_datasets_point').on('inspection_point_visualization_datasets').column('inspection_point_id').execute();
  await db.schema.createIndex('inspection_point_visualization_datasets_row').on('inspection_point_visualization_datasets').column('row_id').execute();
  await db.schema.createIndex('inspection_point_visualization_datasets_field').on('inspection_point_visualization_datasets').column('field_id').execute();
  await touchTrigger(db, 'inspection_point_visualization_datasets');

  // Range values and multiple choices carry metas as a whole (jsonb, read with the point) and tags (text[],
  // edited on /tags as a whole list: 002 §2).
  await db.schema
    .createTable('range_values')
    .$call(baseColumns)
    .addColumn('inspection_point_id', 'uuid', (c) => c.notNull().references('inspection_points.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('keyboard_type', 'text', (c) => c.notNull().defaultTo('default').check(oneOf('keyboard_type', KEYBOARD_TYPES)))
    .addColumn('input_validation_regexp', 'text')
    .addColumn('validation_consequence', 'text', (c) =>
      c.notNull().defaultTo('NoAction').check(oneOf('validation_consequence', CONSEQUENCES)),
    )
    .addColumn('metas', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema.createIndex('range_values_point').on('range_values').columns(['inspection_point_id', 'index']).execute();
  await touchTrigger(db, 'range_values');

  await db.schema
    .createTable('multiple_choices')
    .$call(baseColumns)
    .addColumn('inspection_point_id', 'uuid', (c) => c.notNull().references('inspection_points.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('radio', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('input_validation_regexp', 'text')
    .addColumn('metas', 'jsonb', (c) => c.notNull().defaultTo(sql`'[{"type":"AnyProductModel","value":"true"}]'::jsonb`))
    .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema.createIndex('multiple_choices_point').on('multiple_choices').columns(['inspection_point_id', 'index']).execute();
  await touchTrigger(db, 'multiple_choices');

  await db.schema
    .createTable('multiple_choice_options')
    .$call(baseColumns)
    .addColumn('multiple_choice_id', 'uuid', (c) => c.notNull().references('multiple_choices.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('follow_up_range_value_id', 'uuid', (c) => c.references('follow_up_range_values.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('multiple_choice_options_choice').on('multiple_choice_options').columns(['multiple_choice_id', 'index']).execute();
  await touchTrigger(db, 'multiple_choice_options');

  // Batch update of similar dropdown options across points (001 §2): an option in a pending batch is locked.
  await db.schema
    .createTable('dropdown_batch_updates')
    .$call(baseColumns)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(oneOf('status', ['pending', 'done', 'failed'])))
    .addColumn('changes', 'jsonb', (c) => c.notNull())
    .addColumn('created_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await touchTrigger(db, 'dropdown_batch_updates');

  await db.schema
    .createTable('dropdowns')
    .$call(baseColumns)
    .addColumn('inspection_point_id', 'uuid', (c) => c.notNull().references('inspection_points.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('multiselect', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hide_images', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('input_validation_regexp', 'text')
    .addColumn('validation_consequence', 'text', (c) =>
      c.notNull().defaultTo('NoAction').check(oneOf('validation_consequence', CONSEQUENCES)),
    )
    .execute();
  await db.schema.createIndex('dropdowns_point').on('dropdowns').columns(['inspection_point_id', 'index']).execute();
  await trigramIndex(db, 'dropdowns', 'title');
  await touchTrigger(db, 'dropdowns');

  await db.schema
    .createTable('dropdown_options')
    .$call(baseColumns)
    .addColumn('dropdown_id', 'uuid', (c) => c.notNull().references('dropdowns.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_id', 'uuid', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('follow_up_range_value_id', 'uuid', (c) => c.references('follow_up_range_values.id').onDelete('set null'))
    .addColumn('batch_update_id', 'uuid', (c) => c.references('dropdown_batch_updates.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('dropdown_options_dropdown').on('dropdown_options').columns(['dropdown_id', 'index']).execute();
  // dropdownsWithSimilarOptions: options with the same title (case-insensitive).
  await sql`create index dropdown_options_title on dropdown_options (lower(title))`.execute(db);
  await touchTrigger(db, 'dropdown_options');

  // Four thresholds per point and product family or model (001 §3); empty is allowed.
  await db.schema
    .createTable('measurement_limits')
    .$call(baseColumns)
    .addColumn('inspection_point_id', 'uuid', (c) => c.notNull().references('inspection_points.id').onDelete('cascade'))
    .addColumn('product_family_id', 'uuid', (c) => c.references('product_families.id').onDelete('cascade'))
    .addColumn('product_model_id', 'uuid', (c) => c.references('product_models.id').onDelete('cascade'))
    .addColumn('critical_low', 'double precision')
    .addColumn('low', 'double precision')
    .addColumn('high', 'double precision')
    .addColumn('critical_high', 'double precision')
    .addCheckConstraint(
      'measurement_limits_one_target',
      sql`(product_family_id is null) <> (product_model_id is null)`,
    )
    .execute();
  await sql`create unique index measurement_limits_point_family on measurement_limits (inspection_point_id, product_family_id)
    where product_family_id is not null`.execute(db);
  await sql`create unique index measurement_limits_point_model on measurement_limits (inspection_point_id, product_model_id)
    where product_model_id is not null`.execute(db);
  await db.schema.createIndex('measurement_limits_family').on('measurement_limits').column('product_family_id').execute();
  await db.schema.createIndex('measurement_limits_model').on('measurement_limits').column('product_model_id').execute();
  await touchTrigger(db, 'measurement_limits');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'measurement_limits',
    'dropdown_options',
    'dropdowns',
    'dropdown_batch_updates',
    'multiple_choice_options',
    'multiple_choices',
    'range_values',
    'inspection_point_visualization_datasets',
    'inspection_point_rows',
    'inspection_point_fields',
    'inspection_point_translations',
    'inspection_point_metas',
    'inspection_points',
    'option_group_options',
    'follow_up_range_values',
    'option_groups',
  ]);
}
