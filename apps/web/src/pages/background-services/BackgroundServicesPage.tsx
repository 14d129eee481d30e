import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TBackgroundService } from '@insp/contracts';
import { trpc } from '../../providers/trpc';
import { callError, shownMessage } from '../../lib/errors';
import { ServiceData } from './ServiceData';
import { VisuallyHidden } from '../../components/VisuallyHidden';

/** spec 002 §9: background service refresh 10 s. */
export const POLL_MS = 10_000;

/**
 * /BackgroundServices (002 §2): the worker's recurring jobs with id, status, data, an enabled checkbox and RESET
 * per row, and REFRESH; the table polls every 10 seconds. What the boxes and buttons change lives in the database
 * that every worker process reads (docs/decisions.md "Background services").
 */
export function BackgroundServicesPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ ...trpc.backgroundServices.list.queryOptions(), refetchInterval: POLL_MS });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.backgroundServices.list.queryKey() });
  const setEnabled = useMutation({ ...trpc.backgroundServices.setEnabled.mutationOptions(), onSettled: refresh });
  const reset = useMutation({ ...trpc.backgroundServices.reset.mutationOptions(), onSettled: refresh });
  const failure = setEnabled.error ?? reset.error;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1">Background services</Typography>
        <Button variant="outlined" onClick={() => void list.refetch()} disabled={list.isFetching} sx={{ ml: 'auto' }}>
          REFRESH
        </Button>
      </Box>
      {list.error ? <Typography color="error">{callError(list.error).message}</Typography> : null}
      {failure ? <Typography color="error" role="alert">{shownMessage(failure)}</Typography> : null}
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <TableContainer>
          <Table size="small" aria-label="Background services">
            <TableHead>
              <TableRow>
                <TableCell>id</TableCell>
                <TableCell>status</TableCell>
                <TableCell>data</TableCell>
                <TableCell>enabled</TableCell>
                <TableCell>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                <TableRow>
                  <TableCell colSpan={5}>Loading...</TableCell>
                </TableRow>
              ) : null}
              {(list.data ?? []).map((s) => (
                <ServiceRow
                  key={s.id}
                  service={s}
                  busy={(setEnabled.isPending && setEnabled.variables?.id === s.id) || (reset.isPending && reset.variables?.id === s.id)}
                  onEnabled={(enabled) => setEnabled.mutate({ id: s.id, enabled })}
                  onReset={() => reset.mutate({ id: s.id })}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Box>
  );
}

function ServiceRow(props: { service: TBackgroundService; busy: boolean; onEnabled(enabled: boolean): void; onReset(): void }) {
  const { service: s, busy } = props;
  return (
    <TableRow data-testid={`service-${s.id}`}>
      {/* Ids may break after their dots, so the RESET column stays in view on an 820 px tablet. */}
      <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'break-word' }}>
        {s.id.split('.').map((part, i, parts) => (
          <span key={i}>
            {part}
            {i < parts.length - 1 ? '.' : ''}
            <wbr />
          </span>
        ))}
      </TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600, color: s.status === 'Failed' ? 'error.dark' : s.status === 'Disabled' ? 'text.secondary' : 'text.primary' }}>
          {s.status}
        </Typography>
      </TableCell>
      <TableCell sx={{ minWidth: 200 }}>
        <ServiceData data={s.data} />
      </TableCell>
      <TableCell padding="checkbox">
        <Checkbox
          checked={s.enabled}
          disabled={busy}
          onChange={(e) => props.onEnabled(e.target.checked)}
          slotProps={{ input: { 'aria-label': `enabled: ${s.id}` } }}
          sx={{ width: 44, height: 44 }}
        />
      </TableCell>
      <TableCell>
        <Button size="small" variant="outlined" disabled={busy} onClick={props.onReset} aria-label={`RESET ${s.id}`} sx={{ minHeight: 44 }}>
          RESET
        </Button>
      </TableCell>
    </TableRow>
  );
}
