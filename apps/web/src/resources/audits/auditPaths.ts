import { yyyymmdd } from '../../lib/dates';

/** Where an audit leads: its editor (another page, 000 §2.6), its report (§2.5), and the new-audit page. */
export const auditPath = (id: string) => `/Audits/${id}`;
export const auditReportPath = (id: string) => `/Audits/${id}/report`;
export const NEW_AUDIT_PATH = '/Audits/new';
export const AUDITS_PATH = '/Audits';

/** spec 000 §7: {yyyymmdd}_audit_{lang}.pdf (the day in the user's zone), used only if the server names no file. */
export const auditPdfName = (inspectionDate: number | undefined, lang = 'en') => `${inspectionDate ? yyyymmdd(inspectionDate) : ''}_audit_${lang}.pdf`;
