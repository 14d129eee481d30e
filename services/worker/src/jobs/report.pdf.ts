import type { TReportData, TReportPdfJob } from '@insp/contracts';
import { loadReportData, recordGeneratedFile, touchGeneratedFile } from '@insp/db';
import { renderReportHtml, reportPdfFileName, reportPdfKey, reportPrintTemplates } from '@insp/report';
import type { Storage } from '@insp/storage';
import type { JobContext, JobDeps } from '../types.js';
import { PermanentJobError } from './errors.js';

/** Every image the report (or audit report) shows, as data: URLs: the printing browser fetches nothing (packages/pdf). */
export async function inlineImages(storage: Storage, db: JobDeps['db'], data: unknown): Promise<Map<string, string>> {
  const ids = new Set<string>();
  JSON.stringify(data, (key, value) => {
    if (typeof value === 'string' && /imageId$|SignatureImageId$/.test(key)) ids.add(value);
    return value;
  });
  const urls = new Map<string, string>();
  if (!ids.size) return urls;
  const rows = await db.selectFrom('images').select(['id', 'storage_key', 'content_type']).where('id', 'in', [...ids]).execute();
  for (const row of rows) {
    const file = await storage.get(row.storage_key);
    if (!file) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
    urls.set(row.id, `data:${row.content_type};base64,${Buffer.concat(chunks).toString('base64')}`);
  }
  return urls;
}

/**
 * Loads, renders and prints one report in one language and stores the PDF under its content key. Idempotent:
 * a PDF already stored under the key is kept (a job may run twice). Returns the key, the file name and the bytes
 * (the e-mail job attaches them).
 */
export async function renderReportPdf(deps: JobDeps, inspectionId: string, lang: string) {
  if (!deps.storage || !deps.pdf) throw new Error('report.pdf needs file storage and a PDF renderer in this process');
  const data = await loadReportData(deps.db, inspectionId, lang, deps.config.reportTimeZone);
  if (!data) throw new PermanentJobError(`inspection ${inspectionId} not found`);
  const key = reportPdfKey(data, lang);
  const fileName = reportPdfFileName(data);
  // before the read: the clean-up then either spares the file or has deleted it (packages/db generated-files.ts)
  await touchGeneratedFile(deps.db, key);
  const stored = await deps.storage.get(key);
  if (stored) {
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
    return { key, fileName, bytes: Buffer.concat(chunks), rendered: false };
  }
  const images = await inlineImages(deps.storage, deps.db, data);
  const html = renderReportHtml(data, { lang, forPdf: true, imageUrl: (id) => images.get(id) ?? '' });
  const bytes = await deps.pdf.render(html, { format: 'A4', ...reportPrintTemplates(data, lang) });
  await deps.storage.put(key, bytes, { contentType: 'application/pdf' });
  await recordGeneratedFile(deps.db, key, bytes.byteLength);
  return { key, fileName, bytes, rendered: true };
}

export async function reportPdf(deps: JobDeps, job: TReportPdfJob, _ctx: JobContext) {
  const { key, rendered } = await renderReportPdf(deps, job.inspectionId, job.lang);
  deps.log.info({ inspectionId: job.inspectionId, lang: job.lang, key, rendered }, 'report PDF ready');
  return { key, rendered };
}
