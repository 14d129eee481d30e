import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TAudit, TPreviousValue } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { PreviousValuesProvider } from '../inspection-edit/points/previous';

const AuditPrevious = createContext<ReadonlyMap<string, readonly TPreviousValue[]>>(new Map());

/**
 * Issue 23: what each run's machine measured last time (tRPC audits.previousValues), by run id. A stored read ('Make
 * available offline' keeps it, offline-available/link.ts), so it shows offline too; refused or unreachable without a
 * copy: none shown. Read again (an effect, since tRPC's query key is its input) when a run is added or its machine or protocol changes (not on the 30 s poll: the
 * values are earlier inspections', which this editor does not change).
 */
export function AuditPreviousValuesProvider({ audit, children }: { audit: TAudit; children: ReactNode }) {
  const query = useQuery({
    ...trpc.audits.previousValues.queryOptions({ id: audit.id }),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Infinity,
  });
  const runs = audit.inspectionProtocolRuns.map((r) => `${r.id}:${r.equipment?.id ?? ''}:${r.inspectionProtocolId ?? ''}`).join(',');
  const seen = useRef(runs);
  const { refetch } = query;
  useEffect(() => {
    if (seen.current === runs) return;
    seen.current = runs;
    void refetch();
  }, [runs, refetch]);
  // one map per answer, not per render: the runs' providers below re-render only when it changes
  const byRun = useMemo(() => new Map((query.data?.runs ?? []).map((r) => [r.runId, r.points])), [query.data]);
  return <AuditPrevious.Provider value={byRun}>{children}</AuditPrevious.Provider>;
}

/** A run's points see its previous values (the report edit form's lines: 'Previous: 12.3 mm on 05.10.2026'). */
export function RunPreviousValues({ runId, children }: { runId: string; children: ReactNode }) {
  return <PreviousValuesProvider values={useContext(AuditPrevious).get(runId)}>{children}</PreviousValuesProvider>;
}
