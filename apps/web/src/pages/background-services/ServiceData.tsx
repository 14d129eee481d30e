import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TBackgroundService } from '@insp/contracts';
import { formatDateTime } from '../../lib/dates';

/** '5 min', '1 h', '1 d': how often a service runs. */
export function everyText(ms: number): string {
  if (ms % 86_400_000 === 0) return `${ms / 86_400_000} d`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Math.round(ms / 1000)} s`;
}

/** The data column: what the service does, its last run (when, how long), next run and last error. */
export function ServiceData({ data }: { data: TBackgroundService['data'] }) {
  const when = (ms: number | null) => (ms === null ? '—' : formatDateTime(ms));
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      <Typography variant="body2">{data.description}</Typography>
      <Typography variant="body2" color="text.secondary">
        Every {everyText(data.everyMs)} · Last run {when(data.lastRun)}
        {data.lastDurationMs !== null ? ` (${data.lastDurationMs} ms)` : ''} · Next run {when(data.nextRun)}
      </Typography>
      {data.lastError ? (
        <Typography variant="body2" sx={{ color: 'error.dark', overflowWrap: 'anywhere' }}>
          Last error: {data.lastError}
        </Typography>
      ) : null}
    </Box>
  );
}
