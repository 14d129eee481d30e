import { sql, type Kysely } from 'kysely';
import { baseColumns, dropTables, oneOf, touchTrigger, trigramIndex } from './helpers.js';

const LAYOUTS = ['Default', 'HorizontalGraph', 'Fullscreen'];

/**
 * Inspections (protocol runs) and audits (spec 000 §3).
 *
 * One `inspections` table holds every protocol run. An audit's runs are inspections with audit_id set
 * (plus stage, protocol_run_type, included_in_report, run_index); the reports list shows rows with
 * audit_id null. Both are soft-deleted and keep who created/updated them; `search_text` (lower-cased
 * name, serial, customer name, inspector) is maintained by the application and trigram-indexed for
 * contains-search.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audits')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'uuid', (c) => c.references('customers.id').onDelete('restrict'))
    .addColumn('customer_site_id', 'uuid', (c) => c.references('customer_sites.id').onDelete('restrict'))
    .addColumn('inspection_date', 'timestamptz', (c) => c.notNull())
    .addColumn('inspector', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('inspector_contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('inspector_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    // Customer contact shown in the audit info box (000 §2.6).
    .addColumn('contact_name', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('finished', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('internal_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index audits_date on audits (inspection_date desc, id desc) where deleted_at is null`.execute(db);
  await sql`create index audits_name on audits (name, id) where deleted_at is null`.execute(db);
  await sql`create index audits_inspector on audits (inspector, id) where deleted_at is null`.execute(db);
  await sql`create index audits_finished on audits (finished, inspection_date desc) where deleted_at is null`.execute(db);
  await sql`create index audits_customer on audits (customer_id, inspection_date desc) where deleted_at is null`.execute(db);
  await sql`create index audits_site on audits (customer_site_id) where deleted_at is null`.execute(db);
  await sql`create index audits_inspector_user on audits (inspector_user_id, inspection_date desc) where deleted_at is null`.execute(db);
  await sql`create index audits_created_by on audits (created_by_user_id, inspection_date desc) where deleted_at is null`.execute(db);
  await sql`create index audits_inspector_contact on audits (lower(inspector_contact), inspection_date desc) where deleted_at is null`.execute(db);
  await trigramIndex(db, 'audits', 'search_text');
  await touchTrigger(db, 'audits');

  await db.schema
    .createTable('audit_suggestions')
    .$call(baseColumns)
    .addColumn('audit_id', 'uuid', (c) => c.notNull().references('audits.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(oneOf('type', ['OptimizationTarget', 'ShortTerm', 'LongTerm'])))
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('audit_suggestions_audit').on('audit_suggestions').columns(['audit_id', 'type', 'position']).execute();
  await touchTrigger(db, 'audit_suggestions');

  // History is never silently unlinked: customer, equipment, protocol and company are `restrict`
  // (those are soft-deleted or merged by their services); users and images are `set null`.
  await db.schema
    .createTable('inspections')
    .$call(baseColumns)
    .addColumn('name', 'text', (c) => c.notNull())
    // Inspection type (ProtocolTypes in contracts); validated by the application.
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('In_Use').check(oneOf('status', ['In_Use', 'Waiting', 'Finished'])))
    .addColumn('rating', 'text', (c) => c.check(oneOf('rating', ['Ok', 'Nok'])))
    .addColumn('finished', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('protocol_id', 'uuid', (c) => c.references('protocols.id').onDelete('restrict'))
    .addColumn('customer_id', 'uuid', (c) => c.references('customers.id').onDelete('restrict'))
    .addColumn('customer_site_id', 'uuid', (c) => c.references('customer_sites.id').onDelete('restrict'))
    .addColumn('equipment_id', 'uuid', (c) => c.references('equipment.id').onDelete('restrict'))
    // Denormalised from the equipment at the time of the run, for list sorting and the PDF name.
    .addColumn('serial_number', 'text')
    .addColumn('nick_name', 'text')
    .addColumn('product_family_id', 'uuid', (c) => c.references('product_families.id').onDelete('restrict'))
    .addColumn('product_model_id', 'uuid', (c) => c.references('product_models.id').onDelete('restrict'))
    .addColumn('inspector', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('inspector_contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('inspector_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    // The creating distributor's company (null for staff): distributor reads are scoped by it.
    .addColumn('company_id', 'uuid', (c) => c.references('companies.id').onDelete('restrict'))
    .addColumn('inspection_date', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('version', 'text')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('internal_comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_name', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('send_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('equipment_configurator', 'jsonb')
    .addColumn('customer_signature_image_id', 'uuid', (c) => c.references('images.id').onDelete('set null'))
    .addColumn('provider_signature_image_id', 'uuid', (c) => c.references('images.id').onDelete('set null'))
    // Audit runs (000 §3 Protocol run).
    .addColumn('audit_id', 'uuid', (c) => c.references('audits.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) => c.check(oneOf('stage', ['stage_1', 'stage_2', 'stage_3', 'stage_4'])))
    .addColumn('protocol_run_type', 'text')
    .addColumn('included_in_report', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('run_index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  // Reports list (000 §2.3, §9): default inspection_date desc; sortable by name, serial, type, status, inspector.
  const reports = sql.raw('where deleted_at is null and audit_id is null');
  await sql`create index inspections_reports_date on inspections (inspection_date desc, id desc) ${reports}`.execute(db);
  await sql`create index inspections_reports_name on inspections (name, id) ${reports}`.execute(db);
  await sql`create index inspections_reports_serial on inspections (serial_number, id) ${reports}`.execute(db);
  await sql`create index inspections_reports_type on inspections (type, inspection_date desc) ${reports}`.execute(db);
  await sql`create index inspections_reports_status on inspections (status, inspection_date desc) ${reports}`.execute(db);
  await sql`create index inspections_reports_inspector on inspections (inspector, id) ${reports}`.execute(db);
  await sql`create index inspections_reports_company on inspections (company_id, inspection_date desc) ${reports}`.execute(db);
  // mineOnly (My page): by inspector user, creator, or the inspector contact e-mail.
  await sql`create index inspections_reports_inspector_user on inspections (inspector_user_id, inspection_date desc) ${reports}`.execute(db);
  await sql`create index inspections_reports_created_by on inspections (created_by_user_id, inspection_date desc) ${reports}`.execute(db);
  await sql`create index inspections_reports_inspector_contact on inspections (lower(inspector_contact), inspection_date desc) ${reports}`.execute(db);
  await trigramIndex(db, 'inspections', 'search_text');
  // Audit runs, dashboard (equipment serviced this week/month/year), customer and protocol look-ups.
  await sql`create index inspections_audit on inspections (audit_id, run_index) where audit_id is not null`.execute(db);
  await sql`create index inspections_equipment on inspections (equipment_id, inspection_date desc) where deleted_at is null`.execute(db);
  await sql`create index inspections_customer on inspections (customer_id, inspection_date desc) where deleted_at is null`.execute(db);
  await db.schema.createIndex('inspections_protocol').on('inspections').column('protocol_id').execute();
  await db.schema.createIndex('inspections_site').on('inspections').column('customer_site_id').execute();
  await touchTrigger(db, 'inspections');

  await db.schema
    .createTable('inspection_categories')
    .$call(baseColumns)
    .addColumn('inspection_id', 'uuid', (c) => c.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('protocol_category_id', 'uuid', (c) => c.references('protocol_categories.id').onDelete('set null'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('inspection_categories_inspection').on('inspection_categories').columns(['inspection_id', 'index']).execute();
  await touchTrigger(db, 'inspection_categories');

  // Extra points of a run (Audit_Extra_Points / site run): points added outside the protocol.
  await db.schema
    .createTable('inspection_extra_points')
    .$call(baseColumns)
    .addColumn('inspection_id', 'uuid', (c) => c.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('inspection_point_id', 'uuid', (c) => c.references('inspection_points.id').onDelete('set null'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('inspection_extra_points_inspection').on('inspection_extra_points').columns(['inspection_id', 'index']).execute();
  await touchTrigger(db, 'inspection_extra_points');

  // One result per answered point. Table cells (fields/rows/values) and multiple-choice answers are read
  // and written as a whole: content jsonb. Rating: Obsolete -1 ... NotSet 5 (000 §3).
  await db.schema
    .createTable('inspection_point_results')
    .$call(baseColumns)
    .addColumn('inspection_id', 'uuid', (c) => c.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('inspection_category_id', 'uuid', (c) => c.references('inspection_categories.id').onDelete('cascade'))
    .addColumn('extra_point_id', 'uuid', (c) => c.references('inspection_extra_points.id').onDelete('cascade'))
    .addColumn('protocol_point_id', 'uuid', (c) => c.references('protocol_points.id').onDelete('set null'))
    .addColumn('inspection_point_id', 'uuid', (c) => c.references('inspection_points.id').onDelete('set null'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('selection', 'text')
    .addColumn('rating', 'smallint', (c) => c.notNull().defaultTo(5).check(sql`rating between -1 and 5`))
    .addColumn('comment', 'text')
    .addColumn('internal_comment', 'text')
    .addColumn('value', 'text')
    .addColumn('name_override', 'text')
    .addColumn('voice_comment_id', 'uuid', (c) => c.references('voice_comments.id').onDelete('set null'))
    .addColumn('content', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('inspection_point_results_inspection').on('inspection_point_results').columns(['inspection_id', 'inspection_category_id', 'index']).execute();
  await db.schema.createIndex('inspection_point_results_protocol_point').on('inspection_point_results').column('protocol_point_id').execute();
  await db.schema.createIndex('inspection_point_results_point').on('inspection_point_results').column('inspection_point_id').execute();
  await db.schema.createIndex('inspection_point_results_category').on('inspection_point_results').column('inspection_category_id').execute();
  await db.schema.createIndex('inspection_point_results_extra').on('inspection_point_results').column('extra_point_id').execute();
  await db.schema.createIndex('inspection_point_results_voice').on('inspection_point_results').column('voice_comment_id').execute();
  await touchTrigger(db, 'inspection_point_results');

  await db.schema
    .createTable('inspection_result_photos')
    .$call(baseColumns)
    .addColumn('result_id', 'uuid', (c) => c.notNull().references('inspection_point_results.id').onDelete('cascade'))
    .addColumn('image_id', 'uuid', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('Default').check(oneOf('layout', LAYOUTS)))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('inspection_result_photos_result').on('inspection_result_photos').columns(['result_id', 'position']).execute();
  await db.schema.createIndex('inspection_result_photos_image').on('inspection_result_photos').column('image_id').execute();
  await touchTrigger(db, 'inspection_result_photos');

  await db.schema
    .createTable('inspection_findings')
    .$call(baseColumns)
    .addColumn('inspection_id', 'uuid', (c) => c.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('consequence', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('corrective', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('preventive', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('show', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('inspection_findings_inspection').on('inspection_findings').columns(['inspection_id', 'index']).execute();
  await touchTrigger(db, 'inspection_findings');

  await db.schema
    .createTable('inspection_finding_photos')
    .$call(baseColumns)
    .addColumn('finding_id', 'uuid', (c) => c.notNull().references('inspection_findings.id').onDelete('cascade'))
    .addColumn('image_id', 'uuid', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('caption', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('Default').check(oneOf('layout', LAYOUTS)))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('inspection_finding_photos_finding').on('inspection_finding_photos').columns(['finding_id', 'position']).execute();
  await db.schema.createIndex('inspection_finding_photos_image').on('inspection_finding_photos').column('image_id').execute();
  await touchTrigger(db, 'inspection_finding_photos');

  await db.schema
    .createTable('inspection_priority_actions')
    .$call(baseColumns)
    .addColumn('inspection_id', 'uuid', (c) => c.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('index', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('inspection_priority_actions_inspection').on('inspection_priority_actions').columns(['inspection_id', 'index']).execute();
  await touchTrigger(db, 'inspection_priority_actions');
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, [
    'inspection_priority_actions',
    'inspection_finding_photos',
    'inspection_findings',
    'inspection_result_photos',
    'inspection_point_results',
    'inspection_extra_points',
    'inspection_categories',
    'inspections',
    'audit_suggestions',
    'audits',
  ]);
}
