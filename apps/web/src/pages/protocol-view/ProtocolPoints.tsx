import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TInspectionEdit } from '@insp/contracts';
import { PointAnswer } from './PointAnswer';
import { Section } from './parts';
import { TEXT } from './texts';

/** Every category with its points in protocol order, then the extra points (000 §2.9 "detailed points"). */
export function ProtocolPoints({ p }: { p: Pick<TInspectionEdit, 'categories' | 'extraPoints'> }) {
  const groups = [
    ...[...p.categories].sort((a, b) => a.index - b.index).map((c) => ({ id: c.id, title: c.title, points: [...c.inspectionPoints].sort((a, b) => a.index - b.index) })),
    ...(p.extraPoints.length ? [{ id: 'extra', title: TEXT.extraPoints, points: p.extraPoints }] : []),
  ];
  return (
    <Section title={TEXT.points}>
      {groups.map((g) => (
        <Box key={g.id} sx={{ mt: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, bgcolor: 'grey.100', px: 1, py: 0.5, borderRadius: 1 }}>
            {g.title}
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0 }}>
            {g.points.map((point, i) => (
              <PointAnswer key={'protocolPointId' in point ? point.protocolPointId : (point.id ?? i)} point={point} />
            ))}
          </Box>
        </Box>
      ))}
    </Section>
  );
}
