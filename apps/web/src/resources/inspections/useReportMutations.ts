import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { InspectionRating, InspectionStatus, TInspectionListItem } from '@insp/contracts';
import { trpc, trpcClient } from '../../providers/trpc';
import { shownMessage } from '../../lib/errors';
import { useSession } from '../../providers/session';
import { reportActions } from './rules';

/** The react-admin resource whose list pages (/Reports, My page) hold inspection rows. */
export const REPORTS = 'Reports';

/**
 * Shows a server answer wherever the inspection is held: every cached list page with the row and the
 * inspection the report pages loaded, without loading them again.
 */
export function patchReport(qc: QueryClient, id: string, patch: { status?: InspectionStatus; finished?: boolean; rating?: InspectionRating }) {
  qc.setQueriesData<{ data: TInspectionListItem[] }>({ queryKey: [REPORTS, 'getList'] }, (old) =>
    old?.data ? { ...old, data: old.data.map((r) => (r.id === id ? { ...r, ...patch } : r)) } : old,
  );
  // A new status changes what may be done next: the old `can` goes (no action offered) until it is read again.
  qc.setQueryData(trpc.inspectionEdit.web.queryKey({ id }), (old) => (old ? { ...old, ...patch, ...(patch.status ? { can: undefined } : {}) } : old));
}

/**
 * After a status change: the report's HTML shows the status, and what the user may do next (`can`) follows it,
 * so both are read again in the background; the patched status shows meanwhile (issue 20).
 */
export function refreshReport(qc: QueryClient, id: string) {
  const ofThis = (q: { queryKey: readonly unknown[] }) => (q.queryKey[1] as { input?: { id?: string } } | undefined)?.input?.id === id;
  void qc.invalidateQueries({ queryKey: trpc.inspectionReports.html.pathKey(), predicate: ofThis });
  void qc.invalidateQueries({ queryKey: trpc.inspectionEdit.pathKey(), predicate: ofThis });
}

/**
 * Status change and rating (000 §4): the shown value changes only when the server answers 200; a refusal is
 * said in a notification and the row keeps its value.
 */
export function useReportMutations() {
  const qc = useQueryClient();
  const notify = useNotify();
  const onError = (e: unknown) => notify(shownMessage(e), { type: 'error' });
  const status = useMutation({
    mutationFn: ({ id, status }: { id: string; status: InspectionStatus }) => trpcClient.inspections.updateStatus.mutate({ id, data: { status } }),
    onSuccess: (r) => {
      // Marking Finished sets `finished`; any other change leaves it as it was (the server's rule).
      patchReport(qc, r.id, r.status === 'Finished' ? { status: r.status, finished: true } : { status: r.status });
      refreshReport(qc, r.id);
    },
    onError,
  });
  const rate = useMutation({
    mutationFn: ({ id, rating }: { id: string; rating: InspectionRating }) => trpcClient.inspections.rate.mutate({ id, data: { rating } }),
    onSuccess: (r) => patchReport(qc, r.id, { rating: r.rating }),
    onError,
  });
  return { status, rate };
}

/** reportActions for the signed-in user. */
export function useReportActions(row: Pick<TInspectionListItem, 'status' | 'inspectorContact'>) {
  const { session, actor } = useSession();
  return reportActions(row, { actor, email: session.user.email, userId: session.user.id });
}
