import { loadAuditReportData } from '@insp/db';
import { P, type TAuditReportData } from '@insp/contracts';
import { auditPdfFileName, auditPdfKey, renderAuditReportHtml } from '@insp/report';
import { requirePermission, type AuthedContext, type ServiceContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { storageOf } from '../../lib/storage.js';
import { requireLanguage } from '../../lib/languages.js';
import { storedPdfOrPrint, type StoredPdfAnswer } from '../../lib/stored-pdf.js';
import { signedImageUrl } from '../images/image-links.js';

/** How long a storage URL of an audit PDF stays valid (000 §7 reportpdf/storageurl). */
export const AUDIT_PDF_LINK_SECONDS = 3600;

async function reportData(c: AuthedContext, id: string, lang: string): Promise<TAuditReportData> {
  await requireLanguage(c.db, lang);
  const data = await loadAuditReportData(c.db, id, lang, c.config.reportTimeZone);
  if (!data) throw notFound('Audit');
  return data;
}

/**
 * GET api/v1/audits/{id}/reporthtml?lang=: the audit report (runs included in the report only), images by signed links;
 * in `timeZone` when given (the viewer's), else the report's own zone.
 */
export async function auditReportHtml(ctx: ServiceContext, id: string, lang: string, timeZone?: string): Promise<string> {
  const c = requirePermission(ctx, P.audits);
  const data = await reportData(c, id, lang);
  return renderAuditReportHtml(data, { lang, timeZone, imageUrl: (imageId) => signedImageUrl(c.config, imageId) });
}

/**
 * GET api/v1/audits/{id}/reportpdf?lang=: the stored PDF of the audit report as it is now, `{yyyymmdd}_audit_{lang}.pdf`.
 * As for reports: keyed by the document's hash, printed by a `report.auditPdf` job (lib/stored-pdf.ts); still
 * printing answers 202.
 */
export async function auditReportPdf(ctx: ServiceContext, id: string, lang: string): Promise<StoredPdfAnswer> {
  const c = requirePermission(ctx, P.audits);
  const data = await reportData(c, id, lang);
  return storedPdfOrPrint(c, { key: auditPdfKey(data, lang), fileName: auditPdfFileName(data, lang) }, 'report.auditPdf', { auditId: id, lang });
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
