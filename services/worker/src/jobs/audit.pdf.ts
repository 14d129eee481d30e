import type { TAuditPdfJob, TAuditReportData } from '@insp/contracts';
import { loadAuditReportData } from '@insp/db';
import { renderAuditReportHtml } from '@insp/report';
import type { JobContext, JobDeps } from '../types.js';
import { PermanentJobError } from './errors.js';
import { documentPdfKey, inlineImages, yyyymmdd } from './report.pdf.js';

/**
 * Where an audit report's PDF is stored: like a report's (report.pdf.ts), the hash of the document rendered in that
 * language with image ids in place of images, so an unchanged audit is served from storage and any change to the
 * audit, its included runs or the renderer prints anew.
 */
export function auditPdfKey(data: TAuditReportData, lang: string): string {
  return documentPdfKey('audit-pdf', lang, renderAuditReportHtml(data, { lang, forPdf: true, imageUrl: (id) => `image:${id}` }));
}

/** {yyyymmdd}_audit_{lang}.pdf (000 §7), from the audit's inspection date in UTC. */
export function auditPdfFileName(data: TAuditReportData, lang: string): string {
  return `${yyyymmdd(data.audit.inspectionDate)}_audit_${lang.toLowerCase().replace(/[^a-z0-9-]/g, '')}.pdf`;
}

/** Loads, renders and prints one audit report and stores it under its content key; a stored one is kept. */
export async function renderAuditPdf(deps: JobDeps, auditId: string, lang: string) {
  if (!deps.storage || !deps.pdf) throw new Error('report.auditPdf needs file storage and a PDF renderer in this process');
  const data = await loadAuditReportData(deps.db, auditId, lang);
  if (!data) throw new PermanentJobError(`audit ${auditId} not found`);
  const key = auditPdfKey(data, lang);
  if (await deps.storage.get(key)) return { key, rendered: false };
  const images = await inlineImages(deps.storage, deps.db, data);
  const html = renderAuditReportHtml(data, { lang, forPdf: true, imageUrl: (id) => images.get(id) ?? '' });
  const bytes = await deps.pdf.render(html, { format: 'A4' });
  await deps.storage.put(key, bytes, { contentType: 'application/pdf' });
  return { key, rendered: true };
}

export async function auditPdf(deps: JobDeps, job: TAuditPdfJob, _ctx: JobContext) {
  const { key, rendered } = await renderAuditPdf(deps, job.auditId, job.lang);
  deps.log.info({ auditId: job.auditId, lang: job.lang, key, rendered }, 'audit PDF ready');
  return { key, rendered };
}
