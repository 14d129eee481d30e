import { sql, type Kysely } from 'kysely';

/**
 * Issue 21: the translations workbooks (`translations-export/`, stored under a hash of their content like the
 * protocol exports) are generated files too, so the clean-up of unused generated files removes them as well.
 */
const KINDS = ['report_pdf', 'audit_pdf', 'protocol_export'];

async function allowKinds(db: Kysely<any>, kinds: string[]) {
  await sql`alter table generated_files drop constraint generated_files_kind_check`.execute(db);
  await sql`alter table generated_files add constraint generated_files_kind_check check (kind in (${sql.join(kinds.map((k) => sql.lit(k)))}))`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await allowKinds(db, [...KINDS, 'translations_export']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from generated_files where kind = 'translations_export'`.execute(db);
  await allowKinds(db, KINDS);
}
