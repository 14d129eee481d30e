import type { TAuditCreate } from '@insp/contracts';
import { userTimeZone, withDay } from '../../lib/dates';

/** What the new-audit form holds; the inspector starts as the signed-in user. */
export interface NewAuditForm {
  customer: { id: string; name: string } | null;
  siteId: string | null;
  /** The inspection day as yyyy-mm-dd, '' when empty, 'invalid' while the field shows no real date. */
  day: string;
  inspector: string;
  inspectorContact: string;
}

export type NewAuditField = 'customer' | 'site' | 'day' | 'inspector';

/** What is still missing (messages by field); a site is needed only when the customer has sites. */
export function newAuditProblems(f: NewAuditForm, siteCount: number | null, text: Record<'customerNeeded' | 'siteNeeded' | 'badDate' | 'inspectorNeeded', string>) {
  const p: Partial<Record<NewAuditField, string>> = {};
  if (!f.customer) p.customer = text.customerNeeded;
  else if (siteCount === null || (siteCount > 0 && !f.siteId)) p.site = text.siteNeeded;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.day)) p.day = text.badDate;
  if (!f.inspector.trim()) p.inspector = text.inspectorNeeded;
  return p;
}

/**
 * The body of audits.create: noon of the day in the user's zone (an audit's date is an instant shown as its day in
 * the viewer's zone, docs/decisions.md "Dates and time zones"; noon keeps that day for anyone within twelve hours
 * of the user). The inspector goes along only when changed, so the signed-in user stays the audit's
 * inspector user (My audits finds it) when left as they were.
 */
export function newAuditInput(f: NewAuditForm, me: { name: string; email: string }, timeZone = userTimeZone()): TAuditCreate {
  const same = f.inspector.trim() === me.name && f.inspectorContact.trim() === me.email;
  return {
    customerId: f.customer!.id,
    customerSiteId: f.siteId,
    inspectionDate: withDay(f.day, null, timeZone)!,
    ...(same ? {} : { inspector: f.inspector.trim(), inspectorContact: f.inspectorContact.trim() }),
  };
}
