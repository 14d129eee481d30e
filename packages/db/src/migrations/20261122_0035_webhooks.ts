import { sql, type Kysely } from 'kysely';
import { baseColumns, dropTables, oneOf, touchTrigger } from './helpers.js';

/**
 * Issue 22: webhooks. Endpoints an admin registered; each domain event a subscriber exists for is stored ONCE
 * (`webhook_events.body`, the exact bytes sent, so a retry or a replay resends them unchanged under the same id);
 * one delivery per subscribed endpoint, written in the transaction of the data; one row per HTTP attempt.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .$call(baseColumns)
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('events', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await touchTrigger(db, 'webhook_endpoints');

  await db.schema
    .createTable('webhook_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('type', 'text', (c) => c.notNull())
    // text, not jsonb: jsonb reorders keys, and the signature is over the bytes
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .$call(baseColumns)
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('webhook_events.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'uuid', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(oneOf('status', ['pending', 'retrying', 'succeeded', 'failed'])))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .execute();
  await touchTrigger(db, 'webhook_deliveries');
  await sql`create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc)`.execute(db);
  await sql`create index webhook_deliveries_event on webhook_deliveries (event_id)`.execute(db);

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('delivery_id', 'uuid', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index webhook_attempts_delivery on webhook_attempts (delivery_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['webhook_attempts', 'webhook_deliveries', 'webhook_events', 'webhook_endpoints']);
}
