import { createHash } from 'node:crypto';
import type { TReportData, TReportPdfJob } from '@insp/contracts';
import { loadReportData } from '@insp/db';
import { renderReportHtml } from '@insp/report';
import type { Storage } from '@insp/storage';
import type { JobContext, JobDeps } from '../types.js';
import { PermanentJobError } from './errors.js';

/**
 * Where a report's PDF is stored: a hash of the report's document itself, rendered in that language with each
 * image named by its id (an id's bytes never change). The same report and language give the same key until the
 * report or the renderer (templates, styles, translations) changes, so a stored PDF is reused and anything else
 * is printed anew, without a version number to remember.
 */
export function reportPdfKey(data: TReportData, lang: string): string {
  return documentPdfKey('report-pdf', lang, renderReportHtml(data, { lang, forPdf: true, imageUrl: (id) => `image:${id}` }));
}

/** `<folder>/<2 hex>/<sha256 of language and document>-<lang>.pdf`: the storage key of a printed document. */
export function documentPdfKey(folder: string, lang: string, html: string): string {
  const hash = createHash('sha256').update(lang).update('\0').update(html).digest('hex');
  return `${folder}/${hash.slice(0, 2)}/${hash}-${lang.toLowerCase()}.pdf`;
}

/** yyyymmdd of an epoch-ms date in UTC, the start of every PDF name (000 §9). */
export function yyyymmdd(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** yyyymmdd_{serialNumber}_{type}.pdf (000 §3), from the inspection date in UTC. */
export function reportPdfFileName(data: TReportData): string {
  const ymd = yyyymmdd(data.header.inspectionDate);
  const serial = (data.header.serialNumber ?? data.header.nickName ?? 'equipment').replace(/[^A-Za-z0-9._-]+/g, '-');
  return `${ymd}_${serial}_${data.header.type}.pdf`;
}

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
  const data = await loadReportData(deps.db, inspectionId, lang);
  if (!data) throw new PermanentJobError(`inspection ${inspectionId} not found`);
  const key = reportPdfKey(data, lang);
  const fileName = reportPdfFileName(data);
  const stored = await deps.storage.get(key);
  if (stored) {
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
    return { key, fileName, bytes: Buffer.concat(chunks), rendered: false };
  }
  const images = await inlineImages(deps.storage, deps.db, data);
  const html = renderReportHtml(data, { lang, forPdf: true, imageUrl: (id) => images.get(id) ?? '' });
  const bytes = await deps.pdf.render(html, { format: 'A4' });
  await deps.storage.put(key, bytes, { contentType: 'application/pdf' });
  return { key, fileName, bytes, rendered: true };
}

export async function reportPdf(deps: JobDeps, job: TReportPdfJob, _ctx: JobContext) {
  const { key, rendered } = await renderReportPdf(deps, job.inspectionId, job.lang);
  deps.log.info({ inspectionId: job.inspectionId, lang: job.lang, key, rendered }, 'report PDF ready');
  return { key, rendered };
}
