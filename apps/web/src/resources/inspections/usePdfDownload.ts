import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { fetchReportPdf, saveFile, type PdfKind, type PdfPending } from './pdfDownload';
import { REPORT_TEXT } from './texts';

export interface PdfJob extends PdfPending {
  lang: string;
}

/**
 * One report's PDF download: `job` is set from the click until the file is saved (attempt 0 while the first
 * request runs, then one more per 202 answer), so the button can show that the PDF is being prepared.
 * Leaving the page or cancel() stops asking.
 */
export function usePdfDownload(id: string, fallbackName?: string, kind: PdfKind = 'inspections') {
  const notify = useNotify();
  const [job, setJob] = useState<PdfJob | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const download = useCallback(
    async (lang: string) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      setJob({ lang, attempt: 0, elapsedMs: 0 });
      try {
        const file = await fetchReportPdf(id, lang, {
          signal: controller.signal,
          fallbackName,
          kind,
          onPending: (p) => !controller.signal.aborted && setJob({ lang, ...p }),
        });
        if (controller.signal.aborted) return;
        saveFile(file);
        notify(REPORT_TEXT.pdfSaved(file.fileName), { type: 'success' });
      } catch (e) {
        if (!controller.signal.aborted) notify(e instanceof Error ? e.message : String(e), { type: 'error' });
      } finally {
        if (abort.current === controller) {
          abort.current = null;
          setJob(null);
        }
      }
    },
    [id, fallbackName, kind, notify],
  );

  const cancel = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setJob(null);
  }, []);

  return { job, download, cancel };
}
