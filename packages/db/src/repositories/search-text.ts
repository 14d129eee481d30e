import { sql } from 'kysely';
import type { Db } from '../client.js';

/*
 * search_text (docs/data-model.md): what a list's search reads, folded by search_fold (lower case, no accents;
 * migration 0024), the same function the lists apply to the search string. Reports and audit runs (inspections):
 * name, serial number, the equipment nickname recorded on the report, the customer's and the site's current names,
 * inspector. Audits: name, customer, site, inspector. Names of customers and sites are read through their ids, so
 * a rename or a merge refreshes the rows that point at them (refreshCustomerSearchText, refreshSiteSearchText).
 */
/** The search text of inspections row `i`, as an SQL expression. */
export const inspectionSearchText = sql<string>`search_fold(concat_ws(' ', nullif(i.name, ''), nullif(i.serial_number, ''), nullif(i.nick_name, ''),
  nullif((select c.name from customers c where c.id = i.customer_id), ''),
  nullif((select s.name from customer_sites s where s.id = i.customer_site_id), ''), nullif(i.inspector, '')))`;
/** The search text of audits row `a`, as an SQL expression. */
export const auditSearchText = sql<string>`search_fold(concat_ws(' ', nullif(a.name, ''),
  nullif((select c.name from customers c where c.id = a.customer_id), ''),
  nullif((select s.name from customer_sites s where s.id = a.customer_site_id), ''), nullif(a.inspector, '')))`;

/** One row, the rows of a customer or a site, or every row (seeds). */
type Which = { id: string } | { customerId: string } | { siteId: string } | { all: true };

const where = (alias: 'i' | 'a', which: Which) =>
  'all' in which
    ? sql`true`
    : 'id' in which
      ? sql`${sql.ref(`${alias}.id`)} = ${which.id}`
      : 'customerId' in which
        ? sql`${sql.ref(`${alias}.customer_id`)} = ${which.customerId}`
        : sql`${sql.ref(`${alias}.customer_site_id`)} = ${which.siteId}`;

/** Rewrites the search text of one report (or audit run), or of every one of a customer or a site. */
export async function refreshInspectionSearchText(db: Db, which: Which): Promise<void> {
  await sql`update inspections i set search_text = ${inspectionSearchText} where ${where('i', which)}`.execute(db);
}

/** Rewrites the search text of one audit, or of every audit of a customer or a site. */
export async function refreshAuditSearchText(db: Db, which: Which): Promise<void> {
  await sql`update audits a set search_text = ${auditSearchText} where ${where('a', which)}`.execute(db);
}

/**
 * Keeps inspections' and audits' search text in step with a renamed (or merged) customer: reports stay findable by
 * the customer's current name. Call it after the rename, in the same transaction.
 */
export async function refreshCustomerSearchText(db: Db, customerId: string): Promise<void> {
  await refreshInspectionSearchText(db, { customerId });
  await refreshAuditSearchText(db, { customerId });
}

/** The same for a renamed site. */
export async function refreshSiteSearchText(db: Db, siteId: string): Promise<void> {
  await refreshInspectionSearchText(db, { siteId });
  await refreshAuditSearchText(db, { siteId });
}

