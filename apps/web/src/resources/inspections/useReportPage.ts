import { useLocation, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { TInspectionListItem } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { reportHtmlQuery } from './reportHtml';
import { useReportAddress } from './useReportAddress';

/** What the report pages need to know of the inspection beside its HTML (title, PDF name, status rules). */
export type ReportSummary = Pick<TInspectionListItem, 'id' | 'name' | 'status' | 'inspectorContact' | 'serialNumber' | 'type' | 'inspectionDate'>;

/**
 * What /Reports/{id} and /Reports/{id}/details share: the id, the language (in the address, ?lang=fi, so a
 * reload or a shared link keeps it), the report's HTML, and the inspection loaded by id (000 §2.2: tRPC
 * inspectionEdit.web, GET api/v1/inspections/{id}/web). Until it answers, the list row the page was opened
 * from (navigation state) stands in, so the title shows at once.
 */
export function useReportPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { lang, setLang, back } = useReportAddress('/Reports');
  const fromList = (location.state as { inspection?: TInspectionListItem } | null)?.inspection;
  const inspection = useQuery(trpc.inspectionEdit.web.queryOptions({ id }));
  const html = useQuery(reportHtmlQuery(id, lang));
  const summary: ReportSummary | null = inspection.data ?? (fromList?.id === id ? fromList : null);

  // What the user may do with it (contracts inspection-rights.ts), as the server answered: no action before it has.
  const can = inspection.data?.can ?? null;
  return { id, lang, setLang, summary, loaded: inspection.isSuccess, inspection: inspection.data ?? null, can, html, back };
}
