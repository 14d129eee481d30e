import { ZReportHtmlInput } from '@insp/contracts';
import { authedProcedure, router } from '../../trpc/trpc.js';
import { inspectionReportHtml } from './inspection-report.service.js';

/** The report HTML for the web app's report view and details page (000 §2.7). */
export const inspectionReportsRouter = router({
  html: authedProcedure.input(ZReportHtmlInput).query(({ ctx, input }) => inspectionReportHtml(ctx, input.id, input.lang, input.timeZone)),
});
