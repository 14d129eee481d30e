import { useCallback, useEffect, useRef, useState } from 'react';
import { saveDownloadedFile } from '../inspections/pdfDownload';
import { callError } from '../../lib/errors';
import { downloadExport, protocolsApi } from './api';

const POLL_MS = 1_000;
const MAX_WAIT_MS = 5 * 60_000;

export interface ExportJob { attempt: number }

/**
 * 'Export to Excel': the worker builds the workbook (issue 10), so we ask exportStatus until it is 'ready'
 * (`job` shows the waiting panel meanwhile), then download the .xlsx over REST and hand it to the browser.
 * Both calls carry `lang`: the workbook names the points in that language.
 */
export function useExport(id: string, fallbackName: string, lang: string) {
  const [job, setJob] = useState<ExportJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async () => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setSaved(null);
    setJob({ attempt: 0 });
    const started = Date.now();
    try {
      for (let attempt = 1; ; attempt++) {
        const { status } = await protocolsApi.exportStatus(id, lang);
        if (controller.signal.aborted) return;
        if (status === 'ready') break;
        if (Date.now() - started > MAX_WAIT_MS) throw new Error('The export took too long. Please try again later.');
        setJob({ attempt });
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (controller.signal.aborted) return;
      }
      const res = await downloadExport(id, lang);
      if (controller.signal.aborted) return;
      setSaved(await saveDownloadedFile(res, fallbackName, (status) => `The export could not be downloaded (${status}).`));
    } catch (e) {
      if (!controller.signal.aborted) setError(callError(e).message);
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setJob(null);
      }
    }
  }, [id, fallbackName, lang]);

  const cancel = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    setJob(null);
  }, []);

  return { job, error, saved, start, cancel, clear: () => { setError(null); setSaved(null); } };
}
