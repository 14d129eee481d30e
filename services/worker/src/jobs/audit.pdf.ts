import type { TAuditPdfJob, TAuditReportData } from '@insp/contracts';
import { loadAuditReportData, recordGeneratedFile, touchGeneratedFile } from '@insp/db';
import { auditPdfKey, auditPrintTemplates, renderAuditReportHtml } from '@insp/report';
import type { JobContext, JobDeps } from '../types.js';
import { PermanentJobError } from './errors.js';
import { inlineImages } from './report.pdf.js';

/** Loads, renders and prints one audit report and stores it under its content key; a stored one is kept. */
export async function renderAuditPdf(deps: JobDeps, auditId: string, lang: string) {
  if (!deps.storage || !deps.pdf) throw new Error('report.auditPdf needs file storage and a PDF renderer in this process');
  const data = await loadAuditReportData(deps.db, auditId, lang, deps.config.reportTimeZone);
  if (!data) throw new PermanentJobError(`audit ${auditId} not found`);
  const key = auditPdfKey(data, lang);
  await touchGeneratedFile(deps.db, key);
  // exists, not get: an unread S3 body would hold its socket
  if (await deps.storage.exists(key)) return { key, rendered: false };
  const images = await inlineImages(deps.storage, deps.db, data);
  const html = renderAuditReportHtml(data, { lang, forPdf: true, imageUrl: (id) => images.get(id) ?? '' });
  const bytes = await deps.pdf.render(html, { format: 'A4', ...auditPrintTemplates(data, lang) });
  await deps.storage.put(key, bytes, { contentType: 'application/pdf' });
  await recordGeneratedFile(deps.db, key, bytes.byteLength);
  return { key, rendered: true };
}

export async function auditPdf(deps: JobDeps, job: TAuditPdfJob, _ctx: JobContext) {
  const { key, rendered } = await renderAuditPdf(deps, job.auditId, job.lang);
  deps.log.info({ auditId: job.auditId, lang: job.lang, key, rendered }, 'audit PDF ready');
  return { key, rendered };
}
