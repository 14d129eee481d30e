import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TInspectionEdit } from '@insp/contracts';
import { PointCard } from './points/PointCard';
import { Section } from './Section';
import { EDIT_TEXT } from './texts';

/** Inspection points by category, in the protocol's order; then the extra points added on site, if any. */
export function PointsSection({ data }: { data: TInspectionEdit }) {
  return (
    <>
      <Section title={EDIT_TEXT.points}>
        {data.categories.map((c, ci) => (
          <Stack key={c.id} spacing={1.5} component="section" aria-label={c.title}>
            <Typography variant="h3" sx={{ fontSize: '1.2rem', fontWeight: 600, pt: ci ? 1 : 0 }}>
              {c.title}
            </Typography>
            {c.inspectionPoints.map((p, pi) => (
              <PointCard key={p.protocolPointId} path={`categories.${ci}.points.${pi}.content`} config={p} />
            ))}
          </Stack>
        ))}
      </Section>
      {data.extraPoints.length > 0 && (
        <Section title={EDIT_TEXT.extraPoints}>
          {data.extraPoints.map((p, i) => (
            <PointCard key={p.id} path={`extraPoints.${i}.content`} config={p} />
          ))}
        </Section>
      )}
    </>
  );
}
