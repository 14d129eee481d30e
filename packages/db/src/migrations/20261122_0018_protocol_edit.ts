import { sql, type Kysely } from 'kysely';

/**
 * Protocol edit (issue 19). `draft`: a copy is not offered to inspectors (sortedByFit, audit site runs, starting an
 * inspection) until an edit saves it under a name of its own. `changes`: what this version changed against the one
 * before it, as lines the version history shows; written by the edit, null on a first version and on versions made
 * before the edit existed (the dependency JSON edit names its change in the audit trail only).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table protocols add column draft boolean not null default false`.execute(db);
  await sql`alter table protocols add column changes jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table protocols drop column if exists changes`.execute(db);
  await sql`alter table protocols drop column if exists draft`.execute(db);
}
