import { sql, type Kysely } from 'kysely';

/**
 * Issue 20: a customer's IANA time zone (e.g. 'Europe/Helsinki'), in which its reports print their dates and
 * times; null prints them in the configured REPORT_TIME_ZONE. The API checks the name (packages/contracts
 * time-zones.ts); the database keeps text, as the zones a runtime knows change with its tz data.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table customers add column time_zone text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table customers drop column if exists time_zone`.execute(db);
}
