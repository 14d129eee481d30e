import { reportPdfFileName, reportPdfKey } from '@insp/report';
import type { ServiceContext } from '../../context.js';
import { storedPdfOrPrint, type StoredPdfAnswer } from '../../lib/stored-pdf.js';
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
