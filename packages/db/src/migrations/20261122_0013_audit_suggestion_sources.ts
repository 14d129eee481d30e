import { sql, type Kysely } from 'kysely';

/**
 * Proposed action points (issue 8): a point rated 'To be repaired or replaced' or 'Immediate action' proposes a
 * short-term suggestion; the auditor accepts (a suggestion with `source_result_id`) or dismisses it (a row with
 * `dismissed`, shown nowhere), and either decision keeps the proposal from coming back — one decision per result.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table audit_suggestions
    add column source_result_id uuid references inspection_point_results (id) on delete set null,
    add column dismissed boolean not null default false`.execute(db);
  await sql`create unique index audit_suggestions_source on audit_suggestions (audit_id, source_result_id) where source_result_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists audit_suggestions_source`.execute(db);
  await sql`alter table audit_suggestions drop column if exists dismissed, drop column if exists source_result_id`.execute(db);
}
