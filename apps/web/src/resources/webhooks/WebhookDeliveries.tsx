import { Fragment, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { trpc, trpcClient } from '../../providers/trpc';
import { formatDateTime } from '../../lib/dates';
import { shownMessage } from '../../lib/errors';

/** An endpoint's deliveries, newest first (refreshed every 5 s while any is under way); 'Attempts' opens the log. */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const list = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ endpointId, amount: 50 }),
    refetchInterval: (q) => (q.state.data?.result.some((d) => d.status === 'pending' || d.status === 'retrying') ? 2000 : 5000),
  });
  const replay = useMutation({
    mutationFn: (id: string) => trpcClient.webhooks.replay.mutate({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() }),
  });
  return (
    <Paper variant="outlined" sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1 }}>Deliveries</Typography>
      {replay.error ? <Alert severity="error">{shownMessage(replay.error)}</Alert> : null}
      <TableContainer tabIndex={0} role="region" aria-label="Webhook deliveries">
        <Table size="small" aria-label="Deliveries">
          <TableHead>
            <TableRow>
              <TableCell>Created</TableCell>
              <TableCell>Event</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">Attempts</TableCell>
              <TableCell>Last answer</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data?.result.length === 0 ? <TableRow><TableCell colSpan={6}>No deliveries yet.</TableCell></TableRow> : null}
            {list.data?.result.map((d) => (
              <Fragment key={d.id}>
                <TableRow>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.createdAt)}</TableCell>
                  <TableCell>{d.eventType}</TableCell>
                  <TableCell>{d.status}</TableCell>
                  <TableCell align="right">
                    <Button size="small" aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? null : d.id)}>{d.attempts}</Button>
                  </TableCell>
                  <TableCell>{d.lastStatusCode ?? ''} {d.lastError ?? ''}</TableCell>
                  <TableCell>
                    <Button size="small" variant="outlined" disabled={d.status === 'pending' || d.status === 'retrying' || replay.isPending} onClick={() => replay.mutate(d.id)}>Replay</Button>
                  </TableCell>
                </TableRow>
                {open === d.id ? <AttemptLog id={d.id} /> : null}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function AttemptLog({ id }: { id: string }) {
  const detail = useQuery(trpc.webhooks.delivery.queryOptions({ id }));
  return (
    <TableRow>
      <TableCell colSpan={6} sx={{ bgcolor: 'action.hover' }}>
        <Typography variant="subtitle2" component="h3">Event {detail.data?.eventId}</Typography>
        <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0 }}>{detail.data?.body}</Typography>
        <Table size="small" aria-label="Attempts">
          <TableHead>
            <TableRow><TableCell>#</TableCell><TableCell>At</TableCell><TableCell>Status</TableCell><TableCell align="right">ms</TableCell><TableCell>Response or error</TableCell></TableRow>
          </TableHead>
          <TableBody>
            {detail.data?.attemptLog.map((a) => (
              <TableRow key={a.attempt}>
                <TableCell>{a.attempt}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.at)}</TableCell>
                <TableCell>{a.statusCode ?? '—'}</TableCell>
                <TableCell align="right">{a.durationMs}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{a.error ?? a.responseExcerpt}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableCell>
    </TableRow>
  );
}
