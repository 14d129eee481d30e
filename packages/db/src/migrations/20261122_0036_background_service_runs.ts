import { sql, type Kysely } from 'kysely';

/**
 * Issue 22: background_services becomes the state of the recurring jobs that every worker process and the API
 * share (docs/decisions.md "Background services"): the worker records each run (start, duration, error, result)
 * and the next one; the API writes enabled and RESET. The rows of migration 0009's seed named jobs that never
 * existed, so they go; real rows are created by the first run or the first change.
 */
const SEED_IDS = ['outbox-relay', 'pdf-cache-cleanup', 'document-sync', 'log-aggregation', 'expired-sessions-cleanup'];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`delete from background_services where id in (${sql.join(SEED_IDS.map((id) => sql.lit(id)))})`.execute(db);
  await db.schema
    .alterTable('background_services')
    .addColumn('last_duration_ms', 'integer')
    .addColumn('last_result', 'jsonb')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('background_services').dropColumn('last_duration_ms').dropColumn('last_result').execute();
}
