import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: customer pickers sorted in the user's language. One ICU collation per distinct order the product's
 * languages need, and an index of live customers' names in each, so a picker or /Customers page reads its rows in
 * index order instead of sorting every live customer (docs/decisions.md, "Customer pickers in the user's language").
 * CLDR tailors Finnish, Swedish (Å Ä Ö after Z) and Spanish (Ñ after N); English, German, French and Portuguese sort
 * in the root order, so they share `sort_root`. The language → collation table is packages/db `nameCollation`;
 * the list is repeated here on purpose (a migration never imports application code).
 * Own collations rather than PostgreSQL's `sv-x-icu`: the embedded PGlite has only `und-x-icu`, but accepts these
 * (with ICU's root data only, so there every language sorts in the root order: the documented fallback).
 */
const COLLATIONS: [name: string, locale: string][] = [
  ['sort_root', 'und'],
  ['sort_fi', 'fi'],
  ['sort_sv', 'sv'],
  ['sort_es', 'es'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, locale] of COLLATIONS) {
    await sql`create collation ${sql.id(name)} (provider = icu, locale = ${sql.lit(locale)})`.execute(db);
    await sql`create index ${sql.id(`customers_name_${name}`)} on customers (name collate ${sql.id(name)}, id) where deleted_at is null`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of COLLATIONS) {
    await sql`drop index if exists ${sql.id(`customers_name_${name}`)}`.execute(db);
    await sql`drop collation if exists ${sql.id(name)}`.execute(db);
  }
}
