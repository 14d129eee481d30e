import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, field writes on a bad connection: every write of the inspection and audit editors takes an idempotency
 * key, and most of them answer something other than 'the thing with id X' (a PUT save answers the saved data, a
 * delete `{id}`, a toggle its new value). The first answer is kept with its key (`status`, `response`), so a repeat
 * answers exactly what the first call answered, even after later writes changed the data. Those writes make no row
 * to name, so `result_id` may be empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').addColumn('status', 'integer').addColumn('response', 'jsonb').execute();
  await sql`alter table idempotency_keys alter column result_id drop not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from idempotency_keys where result_id is null`.execute(db);
  await sql`alter table idempotency_keys alter column result_id set not null`.execute(db);
  await db.schema.alterTable('idempotency_keys').dropColumn('status').dropColumn('response').execute();
}
