import { sql, type Kysely } from 'kysely';

/**
 * Idempotency keys (issue 19): a write retried with the same client-made key by the same user answers what the first
 * call made instead of making it again. The primary key is the guard: the first call's transaction inserts its key
 * after its rows, so a racing repeat waits on that insert and, once the first commits, finds the key taken
 * (ON CONFLICT DO NOTHING) and rolls its own rows back. `request_hash` is the fingerprint of the first call's input:
 * the same key with another input is refused. `result_id` is what the call made (for 'inspection_point.create' and
 * 'inspection_point.files' the point). Kept a day: the worker's maintenance.cleanup deletes older rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('result_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'operation', 'key'])
    .execute();
  await sql`create index idempotency_keys_created_at on idempotency_keys (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
