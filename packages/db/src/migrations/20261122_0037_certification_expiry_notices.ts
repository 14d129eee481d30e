import { type Kysely } from 'kysely';

/**
 * Issue 22: the recurring certification expiry notices. `expiry_notice_for` is the expiration date a notice was
 * queued for: a certification is noticed once per expiration date, and again if its date is changed (renewed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certifications').addColumn('expiry_notice_for', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('certifications').dropColumn('expiry_notice_for').execute();
}
