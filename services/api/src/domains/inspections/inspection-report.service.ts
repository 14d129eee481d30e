import { P } from '@insp/contracts';
import { loadReportData } from '@insp/db';
import { renderReportHtml } from '@insp/report';
import { requirePermission, type ServiceContext } from '../../context.js';
import { requireLanguage } from '../../lib/languages.js';
import { notFound } from '../../errors.js';
import { requireVisibleReport } from './inspections.scope.js';
import { signedImageUrl } from '../images/image-links.js';

/** The report's data in a language for a reader allowed to see it (the reports right, their company's). */
export async function visibleReportData(ctx: ServiceContext, id: string, lang: string) {
  const c = requirePermission(ctx, P.reports);
  await requireVisibleReport(c.db, c.actor, id);
  await requireLanguage(c.db, lang);
  const data = await loadReportData(c.db, id, lang, c.config.reportTimeZone);
  if (!data) throw notFound('Inspection');
  return { c, data };
}

/**
 * GET api/v1/inspections/{id}/reporthtml?lang=: the report as one HTML document in a language of the product
 * (default en), rendered by the same renderer as the PDF. Needs the reports right; a report the actor may not
 * see (a distributor and another company's report) answers 404 like a missing one. Dates and times print in the
 * report's zone (the customer's or REPORT_TIME_ZONE), or in `timeZone` when given (the web app sends the viewer's).
 */
export async function inspectionReportHtml(ctx: ServiceContext, id: string, lang: string, timeZone?: string): Promise<string> {
  const { c, data } = await visibleReportData(ctx, id, lang);
  // The reader may see this report, so its images: each link is signed for a while (images/image-links.ts).
  return renderReportHtml(data, { lang, timeZone, imageUrl: (imageId) => signedImageUrl(c.config, imageId) });
}
