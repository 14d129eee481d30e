import { sql, type Kysely } from 'kysely';
import { baseColumns, dropTables, timestamps, touchTrigger, trigramIndex } from './helpers.js';

/**
 * Reference data used by points, protocols and equipment (spec 001 §3, §7 "Reference data"; 002 §3):
 * languages, product categories, families, models, units, category titles, inspection phases,
 * application options, and which product categories (divisions) a distributor user belongs to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Language ids are the short codes the clients send (lang=en), so the key is that text, not a uuid.
  await db.schema
    .createTable('languages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(timestamps)
    .execute();
  await touchTrigger(db, 'languages');

  await db.schema
    .createTable('product_categories')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_translation_key', 'text')
    .execute();
  await sql`create unique index product_categories_name_unique on product_categories (lower(name))`.execute(db);
  await touchTrigger(db, 'product_categories');

  await db.schema
    .createTable('product_families')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('long_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('product_category_id', 'uuid', (c) => c.notNull().references('product_categories.id').onDelete('restrict'))
    .addColumn('division', 'text')
    .execute();
  await sql`create unique index product_families_name_unique on product_families (lower(name))`.execute(db);
  await db.schema.createIndex('product_families_name').on('product_families').column('name').execute();
  await db.schema.createIndex('product_families_category').on('product_families').columns(['product_category_id', 'name']).execute();
  await touchTrigger(db, 'product_families');

  await db.schema
    .createTable('product_models')
    .$call(baseColumns)
    .addColumn('product_family_id', 'uuid', (c) => c.notNull().references('product_families.id').onDelete('restrict'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index product_models_family_name_unique on product_models (product_family_id, lower(name))`.execute(db);
  await db.schema.createIndex('product_models_name').on('product_models').column('name').execute();
  await touchTrigger(db, 'product_models');

  await db.schema
    .createTable('units')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index units_symbol_unique on units (symbol)`.execute(db);
  await touchTrigger(db, 'units');

  // Titles offered by 'Insert category title' / 'Insert subcategory title' when authoring protocols.
  await db.schema
    .createTable('category_titles')
    .$call(baseColumns)
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index category_titles_text_unique on category_titles (lower(text))`.execute(db);
  await trigramIndex(db, 'category_titles', 'text');
  await touchTrigger(db, 'category_titles');

  await db.schema
    .createTable('inspection_phases')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index inspection_phases_name_unique on inspection_phases (lower(name))`.execute(db);
  await touchTrigger(db, 'inspection_phases');

  // GET api/v1/applicationoptions?applicationName=...: key/value settings per client application.
  await db.schema
    .createTable('application_options')
    .$call(baseColumns)
    .addColumn('application_name', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addUniqueConstraint('application_options_app_key_unique', ['application_name', 'key'])
    .execute();
  await touchTrigger(db, 'application_options');

  // A distributor's "categories (divisions)" (002 §3 External user categories [{productCategoryId}]).
  await db.schema
    .createTable('user_product_categories')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_category_id', 'uuid', (c) => c.notNull().references('product_categories.id').onDelete('cascade'))
    .$call(timestamps)
    .addPrimaryKeyConstraint('user_product_categories_pk', ['user_id', 'product_category_id'])
    .execute();
  await db.schema.createIndex('user_product_categories_category').on('user_product_categories').column('product_category_id').execute();
  await touchTrigger(db, 'user_product_categories');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'user_product_categories',
    'application_options',
    'inspection_phases',
    'category_titles',
    'units',
    'product_models',
    'product_families',
    'product_categories',
    'languages',
  ]);
}
