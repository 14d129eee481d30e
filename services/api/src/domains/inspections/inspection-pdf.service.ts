import { reportPdfFileName, reportPdfKey } from '@insp/report';
import type { AuthedContext, ServiceContext } from '../../context.js';
import { storedPdfOrPrint, type StoredPdfAnswer } from '../../lib/stored-pdf.js';
import { createSharedLink } from '../shared-links/shared-links.service.js';
import { visibleReportData } from './inspection-report.service.js';

/**
 * GET api/v1/inspections/{id}/reportpdf?lang=: the stored PDF of the report as it is now, in that language. The key
 * is the hash of the rendered report (packages/report/src/document-files.ts), so an unchanged report is served from storage;
 * otherwise a `report.pdf` job prints it (lib/stored-pdf.ts); still printing answers 202.
 */
export async function inspectionReportPdf(ctx: ServiceContext, id: string, lang: string): Promise<StoredPdfAnswer> {
  const { c, data } = await visibleReportData(ctx, id, lang);
  return storedPdfOrPrint(c, { key: reportPdfKey(data, lang), fileName: reportPdfFileName(data) }, 'report.pdf', { inspectionId: id, lang });
}

/**
 * GET api/v1/inspections/{id}/reportpdf/storageurl?lang=&days= (issue 20, as the audit report's): a shared link of
 * the report PDF, valid for `days` (default the SHARED_LINK_DAYS setting) until revoked. Whoever may download the PDF
 * may share it: a distributor only its company's reports.
 */
export async function inspectionReportPdfUrl(ctx: ServiceContext, id: string, lang: string, days?: number) {
  const answer = await inspectionReportPdf(ctx, id, lang);
  if (!answer.ready) return answer;
  const link = await createSharedLink(ctx as AuthedContext, { kind: 'inspection_report', targetId: id, lang }, answer, days);
  return { ready: true as const, ...link };
}
