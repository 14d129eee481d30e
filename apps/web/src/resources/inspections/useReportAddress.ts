import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { DEFAULT_LANGUAGE, isReportLanguage } from './languages';

/**
 * What every report page (inspection and audit) keeps in its address: the language (?lang=fi, so a reload or a
 * shared link keeps it; the default is left out) and a way back where the person came from, or to `listPath`
 * for a page opened directly.
 */
export function useReportAddress(listPath: string) {
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const lang = isReportLanguage(params.get('lang')) ? params.get('lang')! : DEFAULT_LANGUAGE;
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
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(listPath));
  return { lang, setLang, back };
}
