import { sql, type Kysely } from 'kysely';

/**
 * The audit list sorts by status (issue 20: My audits offered the sort and got a 400). A page sorted by status reads
 * its rows in index order like the other sort keys, `(key, id)` on live audits (docs/decisions.md, "Lists"). The
 * older `audits_finished (finished, inspection_date desc)` serves a filter on status, not this order.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index audits_finished_id on audits (finished, id) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists audits_finished_id`.execute(db);
}
