import { sql } from 'kysely';
import { enqueueJob, loadAuditReportData } from '@insp/db';
import { P, type TAuditReportData } from '@insp/contracts';
import type { StoredObject } from '@insp/storage';
import { renderAuditReportHtml } from '@insp/report';
import { auditPdfFileName, auditPdfKey } from '@insp/worker';
import { AppError, inTransaction, requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';
import { signedImageUrl } from '../images/image-links.js';

const POLL_MS = 200;
/** How long a storage URL of an audit PDF stays valid (000 §7 reportpdf/storageurl). */
export const AUDIT_PDF_LINK_SECONDS = 3600;

async function reportData(c: AuthedContext, id: string, lang: string): Promise<TAuditReportData> {
  const language = await c.db.selectFrom('languages').select('id').where('id', '=', lang).executeTakeFirst();
  if (!language) throw new AppError('BAD_REQUEST', `lang: not a language of the product (${lang})`, 'lang');
  const data = await loadAuditReportData(c.db, id, lang);
  if (!data) throw notFound('Audit');
  return data;
}

/** GET api/v1/audits/{id}/reporthtml?lang=: the audit report (runs included in the report only), images by signed links. */
export async function auditReportHtml(ctx: ServiceContext, id: string, lang: string): Promise<string> {
  const c = requirePermission(ctx, P.audits);
  const data = await reportData(c, id, lang);
  return renderAuditReportHtml(data, { lang, imageUrl: (imageId) => signedImageUrl(c.config, imageId) });
}

export type AuditPdfAnswer = { ready: true; key: string; file: StoredObject; fileName: string } | { ready: false; retryAfterSeconds: number };

/**
 * GET api/v1/audits/{id}/reportpdf?lang=: the stored PDF of the audit report as it is now, `{yyyymmdd}_audit_{lang}.pdf`.
 * As for reports (inspection-pdf.service.ts): keyed by the document's hash, printed by a `report.auditPdf` job through
 * the outbox (the key is its idempotency key), waited for up to reportPdfWaitMs; still printing answers 202.
 */
export async function auditReportPdf(ctx: ServiceContext, id: string, lang: string): Promise<AuditPdfAnswer> {
  const c = requirePermission(ctx, P.audits);
  const data = await reportData(c, id, lang);
  const key = auditPdfKey(data, lang);
  const fileName = auditPdfFileName(data, lang);
  const storage = storageOf(c.config);
  const stored = await storage.get(key);
  if (stored) return { ready: true, key, file: stored, fileName };
  await inTransaction(c, async (tx) => {
    await enqueueJob(tx.db, 'report.auditPdf', { auditId: id, lang }, { idempotencyKey: key });
    // The key's earlier job finished but its file is gone: run it again.
    await tx.db.updateTable('outbox').set({ status: 'pending', attempts: 0, available_at: sql`now()`, locked_until: null, last_error: null })
      .where('idempotency_key', '=', key).where('status', 'in', ['done', 'failed']).execute();
  });
  const deadline = Date.now() + c.config.reportPdfWaitMs;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const file = await storage.get(key);
    if (file) return { ready: true, key, file, fileName };
  }
  return { ready: false, retryAfterSeconds: 2 };
}

/**
 * GET api/v1/audits/{id}/reportpdf/storageurl?lang=: a download link of the PDF, signed and valid for an hour (an S3
 * presigned URL, or a signed /api/v1/files path for local storage), saving as `{yyyymmdd}_audit_{lang}.pdf`.
 */
export async function auditReportPdfUrl(ctx: ServiceContext, id: string, lang: string) {
  const answer = await auditReportPdf(ctx, id, lang);
  if (!answer.ready) return answer;
  answer.file.body.destroy?.();
  const url = await storageOf(ctx.config).signedDownloadUrl(answer.key, { expiresInSeconds: AUDIT_PDF_LINK_SECONDS, fileName: answer.fileName });
  return { ready: true as const, url, expiresAt: Date.now() + AUDIT_PDF_LINK_SECONDS * 1000, fileName: answer.fileName };
}
