import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TInspectionEdit } from '@insp/contracts';
import { Photos } from './AuthImage';
import { Fields, Section } from './parts';
import { TEXT } from './texts';

/** Priority actions (000 §3): title, description, priority. */
export function PriorityActions({ actions }: { actions: TInspectionEdit['priorityActions'] }) {
  return (
    <Section title={TEXT.priorityActions}>
      {actions.length === 0 ? (
        <Typography color="text.secondary">{TEXT.none}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={TEXT.priorityActions}>
            <TableHead>
              <TableRow>
                <TableCell>{TEXT.actionTitle}</TableCell>
                <TableCell>{TEXT.description}</TableCell>
                <TableCell>{TEXT.priority}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {actions.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>{a.title}</TableCell>
                  <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{a.description}</TableCell>
                  <TableCell>{a.priority}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Section>
  );
}

/** Findings (000 §3): what was found, its consequence, how to correct and prevent it, photos. */
export function Findings({ findings }: { findings: TInspectionEdit['findings'] }) {
  if (!findings.length) return null;
  return (
    <Section title={TEXT.findings}>
      {findings.map((f) => (
        <Box key={f.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }} data-testid="finding">
          <Typography component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
            {f.title}
          </Typography>
          <Fields
            items={[
              [TEXT.description, f.description],
              [TEXT.consequence, f.consequence],
              [TEXT.corrective, f.corrective],
              [TEXT.preventive, f.preventive],
            ]}
          />
          <Photos photos={f.photos} />
        </Box>
      ))}
    </Section>
  );
}
