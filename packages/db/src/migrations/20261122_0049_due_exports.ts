import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, the due list's Excel export: built by the worker (`plans.dueExport`) for the caller who asked, with the
 * list's filters and the caller's scope as they were when asked; `rows_done` of `rows_total` is the progress the web
 * polls. The workbook is a generated file (`due-export/<id>.xlsx`), removed by the clean-up of unused files.
 */
const KINDS = ['report_pdf', 'audit_pdf', 'protocol_export', 'translations_export'];

async function allowKinds(db: Kysely<any>, kinds: string[]) {
  await sql`alter table generated_files drop constraint generated_files_kind_check`.execute(db);
  await sql`alter table generated_files add constraint generated_files_kind_check check (kind in (${sql.join(kinds.map((k) => sql.lit(k)))}))`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('due_exports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('viewer', 'jsonb', (c) => c.notNull())
    .addColumn('query', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'running', 'ready', 'failed')`))
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer')
    .addColumn('storage_key', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await sql`create index due_exports_user on due_exports (user_id, created_at desc)`.execute(db);
  await allowKinds(db, [...KINDS, 'due_export']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from generated_files where kind = 'due_export'`.execute(db);
  await allowKinds(db, KINDS);
  await db.schema.dropTable('due_exports').execute();
}
