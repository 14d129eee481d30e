import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { TInspectionListItem } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { DEFAULT_LANGUAGE, isReportLanguage } from './languages';
import { reportHtmlQuery } from './reportHtml';

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
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const lang = isReportLanguage(params.get('lang')) ? params.get('lang')! : DEFAULT_LANGUAGE;
  const fromList = (location.state as { inspection?: TInspectionListItem } | null)?.inspection;
  const inspection = useQuery(trpc.inspectionEdit.web.queryOptions({ id }));
  const html = useQuery(reportHtmlQuery(id, lang));
  const summary: ReportSummary | null = inspection.data ?? (fromList?.id === id ? fromList : null);

  const setLang = (next: string) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === DEFAULT_LANGUAGE) q.delete('lang');
        else q.set('lang', next);
        return q;
      },
      { replace: true, state: location.state },
    );
  /** Back where the person came from; a page opened directly goes to the list. */
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate('/Reports'));
  return { id, lang, setLang, summary, loaded: inspection.isSuccess, html, back };
}
