import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: the language a customer reads its reports in. The report e-mailed to the customer (and its e-mail
 * text) is in this language unless the person saving picks another; null means "not chosen" (the e-mail then
 * goes in the language of the save). The service checks it against `languages` and answers 400 naming
 * `language`; the foreign key is the backstop.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table customers add column language text references languages (id) on update cascade on delete set null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table customers drop column if exists language`.execute(db);
}
