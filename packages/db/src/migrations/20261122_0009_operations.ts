import { sql, type Kysely } from 'kysely';
import { baseColumns, dropTables, timestamps, touchTrigger, trigramIndex } from './helpers.js';

/**
 * Certified users and certifications, background services, web and app logs, and the audit trail
 * (spec 002 §3; ARCHITECTURE "who changed what").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certified_users')
    .$call(baseColumns)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('employee_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .execute();
  await sql`create unique index certified_users_email_unique on certified_users (lower(email))`.execute(db);
  // Default sort: e-mail ascending (002 §9).
  await db.schema.createIndex('certified_users_email').on('certified_users').columns(['email', 'id']).execute();
  await trigramIndex(db, 'certified_users', 'email');
  await touchTrigger(db, 'certified_users');

  // Dates are instants (the API speaks epoch ms); a certification is expired when expiration_date < today.
  await db.schema
    .createTable('certifications')
    .$call(baseColumns)
    .addColumn('certified_user_id', 'uuid', (c) => c.notNull().references('certified_users.id').onDelete('cascade'))
    .addColumn('product_family_id', 'uuid', (c) => c.notNull().references('product_families.id').onDelete('restrict'))
    .addColumn('certification_date', 'timestamptz', (c) => c.notNull())
    .addColumn('expiration_date', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('certifications_user').on('certifications').columns(['certified_user_id', 'expiration_date']).execute();
  await db.schema.createIndex('certifications_family').on('certifications').column('product_family_id').execute();
  await touchTrigger(db, 'certifications');

  // One row per recurring job (id = the job scheduler's name), shown on /BackgroundServices.
  await db.schema
    .createTable('background_services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Idle'))
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('schedule', 'text')
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('next_run_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .$call(timestamps)
    .execute();
  await touchTrigger(db, 'background_services');

  // Write-heavy logs: bigserial keys, no foreign keys (a log row must never block or be blocked by a user
  // delete), indexed by time and by user.
  await db.schema
    .createTable('web_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'uuid')
    .addColumn('user_email', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'double precision', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('web_logs_time').on('web_logs').column('occurred_at').execute();
  await sql`create index web_logs_user_time on web_logs (lower(user_email), occurred_at)`.execute(db);

  await db.schema
    .createTable('app_logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('app_version', 'text')
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('os_name', 'text')
    // As received: JSON text that may contain an e-mail (002 §3); user_email is extracted for filtering.
    .addColumn('properties', 'text')
    .addColumn('user_id', 'uuid')
    .addColumn('user_email', 'text')
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('app_logs_time').on('app_logs').column('occurred_at').execute();
  await sql`create index app_logs_user_time on app_logs (lower(user_email), occurred_at)`.execute(db);

  // Who changed what, for inspections, audits, inspection points and protocols (and anything else).
  await db.schema
    .createTable('audit_trail')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'uuid', (c) => c.notNull())
    .addColumn('actor_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .$call(timestamps)
    .execute();
  await db.schema.createIndex('audit_trail_entity').on('audit_trail').columns(['entity_type', 'entity_id', 'created_at']).execute();
  await db.schema.createIndex('audit_trail_actor').on('audit_trail').columns(['actor_user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['audit_trail', 'app_logs', 'web_logs', 'background_services', 'certifications', 'certified_users']);
}
