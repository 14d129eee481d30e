import { sql, type Kysely } from 'kysely';
import { baseColumns, dropTables, oneOf, timestamps, touchTrigger, trigramIndex } from './helpers.js';

/**
 * Inspection protocols (spec 001 §3 Protocol): targets, phases, categories with subcategory titles,
 * category groups, and protocol points with prefill and dependency JSON. Protocols are soft-deleted
 * (DELETE .../{id}/soft) because inspections refer to them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // `type` is validated by the application against ProtocolTypes (contracts/domain-enums.ts); it is not
  // constrained here so new inspection types need no migration.
  await db.schema
    .createTable('protocols')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('date', 'timestamptz')
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phases_on', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('info_appendix', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rating_table_location', 'text', (c) =>
      c.notNull().defaultTo('Start').check(oneOf('rating_table_location', ['Start', 'End', 'None'])),
    )
    .addColumn('show_current_loaded_hours', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('automatic_name', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('copy_of_protocol_id', 'uuid', (c) => c.references('protocols.id').onDelete('set null'))
    .addColumn('created_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index protocols_created on protocols (created_at desc, id) where deleted_at is null`.execute(db);
  await sql`create index protocols_type_created on protocols (type, created_at desc) where deleted_at is null`.execute(db);
  await sql`create index protocols_name on protocols (name) where deleted_at is null`.execute(db);
  await db.schema.createIndex('protocols_copy_of').on('protocols').column('copy_of_protocol_id').execute();
  await trigramIndex(db, 'protocols', 'name');
  await touchTrigger(db, 'protocols');

  // A target is a family, a model (with its family) or one piece of equipment. No rows = 'Any product'.
  await db.schema
    .createTable('protocol_targets')
    .$call(baseColumns)
    .addColumn('protocol_id', 'uuid', (c) => c.notNull().references('protocols.id').onDelete('cascade'))
    .addColumn('product_family_id', 'uuid', (c) => c.references('product_families.id').onDelete('cascade'))
    .addColumn('product_model_id', 'uuid', (c) => c.references('product_models.id').onDelete('cascade'))
    .addColumn('equipment_id', 'uuid', (c) => c.references('equipment.id').onDelete('cascade'))
    .addCheckConstraint(
      'protocol_targets_something',
      sql`product_family_id is not null or product_model_id is not null or equipment_id is not null`,
    )
    .execute();
  await db.schema.createIndex('protocol_targets_protocol').on('protocol_targets').column('protocol_id').execute();
  // sortedByFit?type&productFamilyId&productModelId
  await db.schema.createIndex('protocol_targets_family').on('protocol_targets').columns(['product_family_id', 'protocol_id']).execute();
  await db.schema.createIndex('protocol_targets_model').on('protocol_targets').columns(['product_model_id', 'protocol_id']).execute();
  await db.schema.createIndex('protocol_targets_equipment').on('protocol_targets').columns(['equipment_id', 'protocol_id']).execute();
  await touchTrigger(db, 'protocol_targets');

  await db.schema
    .createTable('protocol_phases')
    .addColumn('protocol_id', 'uuid', (c) => c.notNull().references('protocols.id').onDelete('cascade'))
    .addColumn('phase_id', 'uuid', (c) => c.notNull().references('inspection_phases.id').onDelete('restrict'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .$call(timestamps)
    .addPrimaryKeyConstraint('protocol_phases_pk', ['protocol_id', 'phase_id'])
    .execute();
  await db.schema.createIndex('protocol_phases_phase').on('protocol_phases').column('phase_id').execute();
  await touchTrigger(db, 'protocol_phases');

  // Category title: the text as authored (title) and the reference title it came from, if any.
  await db.schema
    .createTable('protocol_categories')
    .$call(baseColumns)
    .addColumn('protocol_id', 'uuid', (c) => c.notNull().references('protocols.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category_title_id', 'uuid', (c) => c.references('category_titles.id').onDelete('set null'))
    .addUniqueConstraint('protocol_categories_index_unique', ['protocol_id', 'index'])
    .execute();
  await db.schema.createIndex('protocol_categories_title').on('protocol_categories').column('category_title_id').execute();
  await touchTrigger(db, 'protocol_categories');

  await db.schema
    .createTable('protocol_subcategory_titles')
    .$call(baseColumns)
    .addColumn('protocol_category_id', 'uuid', (c) => c.notNull().references('protocol_categories.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category_title_id', 'uuid', (c) => c.references('category_titles.id').onDelete('set null'))
    .addUniqueConstraint('protocol_subcategory_titles_index_unique', ['protocol_category_id', 'index'])
    .execute();
  await touchTrigger(db, 'protocol_subcategory_titles');

  // Category indices: -1 means 'no category' (001 §3).
  await db.schema
    .createTable('protocol_category_groups')
    .$call(baseColumns)
    .addColumn('protocol_id', 'uuid', (c) => c.notNull().references('protocols.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category_indices', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .execute();
  await db.schema.createIndex('protocol_category_groups_protocol').on('protocol_category_groups').column('protocol_id').execute();
  await touchTrigger(db, 'protocol_category_groups');

  // The source point may be hard-deleted later: the protocol point stays and shows 'Point not found!'.
  await db.schema
    .createTable('protocol_points')
    .$call(baseColumns)
    .addColumn('protocol_id', 'uuid', (c) => c.notNull().references('protocols.id').onDelete('cascade'))
    .addColumn('protocol_category_id', 'uuid', (c) => c.notNull().references('protocol_categories.id').onDelete('cascade'))
    .addColumn('inspection_point_id', 'uuid', (c) => c.references('inspection_points.id').onDelete('set null'))
    .addColumn('index', 'integer', (c) => c.notNull())
    .addColumn('subcategory_title_index', 'integer')
    .addColumn('name', 'text')
    .addColumn('phase_id', 'uuid', (c) => c.references('inspection_phases.id').onDelete('set null'))
    .addColumn('prefill', 'jsonb')
    .addColumn('sample_id_index', 'integer')
    .addColumn('show_value_in_report_header', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_in_report', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('optional', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('protocol_points_protocol').on('protocol_points').columns(['protocol_id', 'protocol_category_id', 'index']).execute();
  await db.schema.createIndex('protocol_points_category').on('protocol_points').columns(['protocol_category_id', 'index']).execute();
  // GET inspectionPoints/{id}/protocols and the delete confirmation list the protocols using a point.
  await db.schema.createIndex('protocol_points_point').on('protocol_points').column('inspection_point_id').execute();
  await db.schema.createIndex('protocol_points_phase').on('protocol_points').column('phase_id').execute();
  await touchTrigger(db, 'protocol_points');

  // PUT .../points/{pointId}/dependencies/{dependencyId}/json edits one dependency's JSON as a whole.
  await db.schema
    .createTable('protocol_point_dependencies')
    .$call(baseColumns)
    .addColumn('protocol_point_id', 'uuid', (c) => c.notNull().references('protocol_points.id').onDelete('cascade'))
    .addColumn('json', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('protocol_point_dependencies_point').on('protocol_point_dependencies').column('protocol_point_id').execute();
  await touchTrigger(db, 'protocol_point_dependencies');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'protocol_point_dependencies',
    'protocol_points',
    'protocol_category_groups',
    'protocol_subcategory_titles',
    'protocol_categories',
    'protocol_phases',
    'protocol_targets',
    'protocols',
  ]);
}
