import { useCallback, useEffect, useRef, useState } from 'react';
import type { TDueExport, TDueQuery } from '@insp/contracts';
import { trpcClient } from '../../providers/trpc';
import { getToken } from '../../providers/token';
import { callError } from '../../lib/errors';
import { saveDownloadedFile } from '../inspections/pdfDownload';
import { PLAN_TEXT } from './texts';

const POLL_MS = 1_000;
const MAX_WAIT_MS = 5 * 60_000;

export type DueExportFilters = Pick<TDueQuery, 'within' | 'states' | 'customerId' | 'customerSiteId' | 'search'>;

/**
 * 'Export to Excel' of the Due view (issue 24): the worker builds the workbook of the list as filtered now
 * (`plans.exportDue`, scoped by the caller's rights like the list), so the status is asked until it is ready
 * (`progress` shows rows done meanwhile), then the .xlsx is downloaded over REST and handed to the browser.
 */
export function useDueExport() {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<TDueExport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(async (filters: DueExportFilters) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setSaved(null);
    setRunning(true);
    try {
      let job = await trpcClient.plans.exportDue.mutate(filters);
      const started = Date.now();
      while (job.status !== 'ready') {
        if (controller.signal.aborted) return;
        setProgress(job);
        if (job.status === 'failed') throw new Error(job.error ?? PLAN_TEXT.exportFailed);
        if (Date.now() - started > MAX_WAIT_MS) throw new Error(PLAN_TEXT.exportTooLong);
        await new Promise((r) => setTimeout(r, POLL_MS));
        job = await trpcClient.plans.exportDueStatus.query({ id: job.id });
      }
      const token = getToken();
      const res = await fetch(`/api/v1/plans/due/export/${encodeURIComponent(job.id)}/file`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal });
      setSaved(await saveDownloadedFile(res, job.fileName, () => PLAN_TEXT.exportFailed));
    } catch (e) {
      if (!controller.signal.aborted) setError(callError(e).message);
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setProgress(null);
        setRunning(false);
      }
    }
  }, []);

  return { running, progress, error, saved, start };
}
