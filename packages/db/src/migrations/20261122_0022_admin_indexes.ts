import { sql, type Kysely } from 'kysely';

/**
 * Indexes of issue 20 ('Administration' and the My audits sort).
 * - The audit list sorts by status (My audits offered the sort and got a 400). A page sorted by status reads its rows
 *   in index order like the other sort keys, `(key, id)` on live audits (docs/decisions.md, "Lists"); the older
 *   `audits_finished (finished, inspection_date desc)` serves a filter on status, not this order.
 * - Product families and models can be deleted while nothing uses them. Reports (and audit runs) point at both with
 *   a restricting foreign key, and neither column had an index: the usage count and PostgreSQL's own foreign-key
 *   check on delete read every report. Most reports name both, so these are full indexes (nulls left out).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index audits_finished_id on audits (finished, id) where deleted_at is null`.execute(db);
  await sql`create index inspections_product_family on inspections (product_family_id) where product_family_id is not null`.execute(db);
  await sql`create index inspections_product_model on inspections (product_model_id) where product_model_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists inspections_product_model`.execute(db);
  await sql`drop index if exists inspections_product_family`.execute(db);
  await sql`drop index if exists audits_finished_id`.execute(db);
}
