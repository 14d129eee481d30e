import { RunStages, SuggestionTypes, type TAuditReportData } from '@insp/contracts';
import type { Db } from '../client.js';
import { loadReportData, reportTimeZone } from './report-data.js';

/**
 * The audit report's data (000 §7 reporthtml/reportpdf): the audit's info box, its suggestions by list, and the
 * report data of every live run included in the report, in run order (each run through loadReportData, the
 * inspections' loader, so a run's points read as a report's). Null when the audit is missing or deleted. Dates and
 * times print in the customer's time zone, else in `defaultTimeZone` (REPORT_TIME_ZONE).
 */
export async function loadAuditReportData(db: Db, auditId: string, lang: string, defaultTimeZone = 'UTC'): Promise<TAuditReportData | null> {
  const [a, suggestions, runs] = await Promise.all([
    db.selectFrom('audits as a').leftJoin('customers as c', 'c.id', 'a.customer_id').leftJoin('customer_sites as s', 's.id', 'a.customer_site_id')
      .select(['a.id', 'a.name', 'c.name as customer', 's.name as site', 'a.contact_name', 'a.contact_phone', 'a.contact_email', 'a.inspection_date',
        'a.inspector', 'a.inspector_contact', 'a.finished', 'a.summary', 'a.comment', 'c.time_zone'])
      .where('a.id', '=', auditId).where('a.deleted_at', 'is', null).executeTakeFirst(),
    db.selectFrom('audit_suggestions').select(['type', 'text']).where('audit_id', '=', auditId).where('dismissed', '=', false).orderBy('type').orderBy('position').orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('inspections as i').leftJoin('protocols as p', 'p.id', 'i.protocol_id').select(['i.id', 'i.type', 'i.stage', 'p.name as protocolName'])
      .where('i.audit_id', '=', auditId).where('i.deleted_at', 'is', null).where('i.included_in_report', '=', true)
      .orderBy('i.run_index').orderBy('i.created_at').orderBy('i.id').execute(),
  ]);
  if (!a) return null;
  const reports = await Promise.all(runs.map((r) => loadReportData(db, r.id, lang, defaultTimeZone)));
  return {
    audit: {
      id: a.id, name: a.name, customer: a.customer, site: a.site, contactName: a.contact_name, contactPhone: a.contact_phone, contactEmail: a.contact_email,
      inspectionDate: new Date(a.inspection_date).getTime(), inspector: a.inspector, inspectorContact: a.inspector_contact, finished: a.finished,
      summary: a.summary, comment: a.comment, timeZone: reportTimeZone(a.time_zone, defaultTimeZone),
    },
    suggestions: suggestions.filter((s) => (SuggestionTypes as readonly string[]).includes(s.type)).map((s) => ({ type: s.type as TAuditReportData['suggestions'][number]['type'], text: s.text })),
    runs: runs.flatMap((r, i) => {
      const report = reports[i];
      if (!report) return [];
      const stage = (RunStages as readonly (string | null)[]).includes(r.stage) ? (r.stage as TAuditReportData['runs'][number]['stage']) : null;
      return [{ id: r.id, kind: r.type, stage, protocolName: r.protocolName, report }];
    }),
  };
}
