import { sql, type Kysely } from 'kysely';
import { baseColumns, dropTables, touchTrigger, trigramIndex } from './helpers.js';

/**
 * Customers, their sites and contacts, and equipment (spec 002 §3). All soft-deleted: deleting a
 * customer marks it and its sites, contacts and equipment (the service does that in one transaction);
 * inspections keep pointing at them. Unique keys only hold among live rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('customers')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    // The dashboard shows 'name (englishName)' (002 §9).
    .addColumn('english_name', 'text')
    .addColumn('mdm_customer_id', 'text')
    // Set on the customer that disappeared in a merge (002 §4: the second customer survives).
    .addColumn('merged_into_customer_id', 'uuid', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index customers_mdm_unique on customers (mdm_customer_id)
    where deleted_at is null and mdm_customer_id is not null`.execute(db);
  await sql`create index customers_name on customers (name, id) where deleted_at is null`.execute(db);
  await trigramIndex(db, 'customers', 'name');
  await trigramIndex(db, 'customers', 'mdm_customer_id');
  await touchTrigger(db, 'customers');

  await db.schema
    .createTable('customer_sites')
    .$call(baseColumns)
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mdm_site_id', 'text')
    .addColumn('mdm_type', 'text')
    .addColumn('country', 'text')
    .addColumn('state_province', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index customer_sites_mdm_unique on customer_sites (mdm_site_id)
    where deleted_at is null and mdm_site_id is not null`.execute(db);
  await sql`create index customer_sites_customer on customer_sites (customer_id, name) where deleted_at is null`.execute(db);
  await touchTrigger(db, 'customer_sites');

  await db.schema
    .createTable('contacts')
    .$call(baseColumns)
    .addColumn('customer_id', 'uuid', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('customer_site_id', 'uuid', (c) => c.references('customer_sites.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index contacts_customer on contacts (customer_id, name) where deleted_at is null`.execute(db);
  await db.schema.createIndex('contacts_site').on('contacts').column('customer_site_id').execute();
  await trigramIndex(db, 'contacts', 'email');
  await touchTrigger(db, 'contacts');

  // Equipment survives its customer's hard delete (set null): inspections of it are history.
  // Serial numbers identify a machine across customers (000 §4 equipment matching), so a live serial is unique;
  // equipment without a serial is matched by nickname plus site.
  await db.schema
    .createTable('equipment')
    .$call(baseColumns)
    .addColumn('serial_number', 'text')
    .addColumn('nick_name', 'text')
    .addColumn('mdm_equipment_id', 'text')
    .addColumn('product_family_id', 'uuid', (c) => c.references('product_families.id').onDelete('restrict'))
    .addColumn('product_model_id', 'uuid', (c) => c.references('product_models.id').onDelete('restrict'))
    .addColumn('customer_id', 'uuid', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('customer_site_id', 'uuid', (c) => c.references('customer_sites.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint('equipment_serial_or_nick', sql`serial_number is not null or nick_name is not null`)
    .execute();
  await sql`create unique index equipment_serial_unique on equipment (serial_number)
    where deleted_at is null and serial_number is not null`.execute(db);
  await sql`create unique index equipment_mdm_unique on equipment (mdm_equipment_id)
    where deleted_at is null and mdm_equipment_id is not null`.execute(db);
  await sql`create index equipment_serial_sort on equipment (serial_number, id) where deleted_at is null`.execute(db);
  await sql`create index equipment_customer on equipment (customer_id, serial_number) where deleted_at is null`.execute(db);
  await sql`create index equipment_site_nick on equipment (customer_site_id, nick_name) where deleted_at is null`.execute(db);
  await sql`create index equipment_model on equipment (product_model_id) where deleted_at is null`.execute(db);
  await sql`create index equipment_family on equipment (product_family_id) where deleted_at is null`.execute(db);
  await trigramIndex(db, 'equipment', 'serial_number');
  await trigramIndex(db, 'equipment', 'nick_name');
  await touchTrigger(db, 'equipment');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['equipment', 'contacts', 'customer_sites', 'customers']);
}
