import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { TAuditListItem } from '@insp/contracts';
import { shownMessage } from '../../lib/errors';
import { trpc, trpcClient } from '../../providers/trpc';

/** The list resource of /Audits (tRPC audits.list); a custom screen, so /Audits/{id} stays the editor's route. */
export const AUDITS = 'AuditList';

/** Shows the server's answer on every cached page holding the audit (/Audits, My page) and in the editor's data. */
export function patchAudit(qc: QueryClient, id: string, patch: Partial<TAuditListItem>) {
  for (const resource of [AUDITS, 'MyAudits'])
    qc.setQueriesData<{ data: TAuditListItem[] }>({ queryKey: [resource, 'getList'] }, (old) =>
      old?.data ? { ...old, data: old.data.map((r) => (r.id === id ? { ...r, ...patch } : r)) } : old,
    );
  qc.setQueryData(trpc.audits.get.queryKey({ id }), (old) => (old ? { ...old, ...patch } : old));
}

/**
 * Finish and reopen (000 §4: PUT true / false): the shown status changes only when the server answers 200; a
 * refusal is said in a notification and the row keeps its status.
 */
export function useSetFinished() {
  const qc = useQueryClient();
  const notify = useNotify();
  return useMutation({
    mutationFn: ({ id, finished }: { id: string; finished: boolean }) => trpcClient.audits.setFinished.mutate({ id, finished }),
    onSuccess: (r) => patchAudit(qc, r.id, { finished: r.finished }),
    onError: (e) => notify(shownMessage(e), { type: 'error' }),
  });
}
