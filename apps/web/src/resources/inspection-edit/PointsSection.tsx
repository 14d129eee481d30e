import { useQuery } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TInspectionEdit, TOpenAction } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { PointCard } from './points/PointCard';
import { PreviousValuesProvider } from './points/previous';
import { Section } from './Section';
import { EDIT_TEXT } from './texts';

/**
 * Issue 24: the open actions earlier inspections of the machine left, by point. Offline or refused: none shown (the
 * form works without them).
 */
function useOpenActions(data: TInspectionEdit): Map<string, TOpenAction[]> {
  const q = useQuery({
    ...trpc.actions.ofInspection.queryOptions({ inspectionId: data.id }),
    enabled: !!data.equipmentId,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  });
  const byPoint = new Map<string, TOpenAction[]>();
  for (const a of q.data ?? []) if (a.inspectionPointId) byPoint.set(a.inspectionPointId, [...(byPoint.get(a.inspectionPointId) ?? []), a]);
  return byPoint;
}

/**
 * Issue 23: what each measured point recorded last time on this machine. A stored read ('Make available offline'
 * keeps it, offline-available/link.ts), so it shows offline too; refused or unreachable without a copy: none shown.
 */
function usePreviousValues(data: TInspectionEdit) {
  return useQuery({
    ...trpc.inspectionEdit.previousValues.queryOptions({ id: data.id }),
    enabled: !!data.equipmentId,
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 60_000,
  }).data?.points;
}

/** Inspection points by category, in the protocol's order; then the extra points added on site, if any. */
export function PointsSection({ data }: { data: TInspectionEdit }) {
  const openActions = useOpenActions(data);
  const previous = usePreviousValues(data);
  const of = (p: { inspectionPointId: string | null }) => (p.inspectionPointId ? openActions.get(p.inspectionPointId) : undefined);
  return (
    <PreviousValuesProvider values={previous}>
      <Section title={EDIT_TEXT.points}>
        {data.categories.map((c, ci) => (
          <Stack key={c.id} spacing={1.5} component="section" aria-label={c.title}>
            <Typography variant="h3" sx={{ fontSize: '1.2rem', fontWeight: 600, pt: ci ? 1 : 0 }}>
              {c.title}
            </Typography>
            {c.inspectionPoints.map((p, pi) => (
              <PointCard key={p.protocolPointId} path={`categories.${ci}.points.${pi}.content`} config={p} openActions={of(p)} />
            ))}
          </Stack>
        ))}
      </Section>
      {data.extraPoints.length > 0 && (
        <Section title={EDIT_TEXT.extraPoints}>
          {data.extraPoints.map((p, i) => (
            <PointCard key={p.id} path={`extraPoints.${i}.content`} config={p} openActions={of(p)} />
          ))}
        </Section>
      )}
    </PreviousValuesProvider>
  );
}
