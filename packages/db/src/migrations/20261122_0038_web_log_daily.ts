import { sql, type Kysely } from 'kysely';

/**
 * Issue 22, log aggregation: the request log rolled up per day (UTC) and user by the recurring job logs.aggregate.
 * Kept after the raw rows' retention (LOG_RETENTION_DAYS), so /weblogs can tell how the API was used over a year
 * from a few rows a day. `user_email` is '' for calls without a signed-in user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_log_daily')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('user_email', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('client_errors', 'integer', (c) => c.notNull())
    .addColumn('server_errors', 'integer', (c) => c.notNull())
    .addColumn('duration_ms_total', 'double precision', (c) => c.notNull())
    .addColumn('duration_ms_max', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('web_log_daily_pkey', ['day', 'user_email'])
    .execute();
  // the screen's order: newest day first, users by name
  await sql`create index web_log_daily_day_user on web_log_daily (day desc, user_email asc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('web_log_daily').execute();
}
