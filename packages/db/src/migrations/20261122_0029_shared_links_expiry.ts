import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: the worker's recurring `maintenance.sharedLinks` deletes shared links expired more than 30 days ago, in
 * batches of the oldest first. `shared_links_live` cannot find them (it leaves revoked links out and leads with the
 * target), so without this index every batch would read the whole table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index shared_links_expires_at on shared_links (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists shared_links_expires_at`.execute(db);
}
