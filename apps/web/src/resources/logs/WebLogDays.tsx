import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { trpc } from '../../providers/trpc';
import { callError } from '../../lib/errors';
import { LogPager } from './LogPager';

const PAGE = 30;

/**
 * Requests per day (issue 22, log aggregation; not in the spec): the request log rolled up per UTC day and user by
 * the logs.aggregate background service, newest day first, paged in SQL. It outlives the rows themselves
 * (LOG_RETENTION_DAYS), so it shows how the API was used over months. `users` is the loaded 'users as csv'; the page
 * keys it by them, so other users start at the first page.
 */
export function WebLogDays({ users }: { users?: string }) {
  const [offset, setOffset] = useState(0);
  const days = useQuery({ ...trpc.logs.webDaily.queryOptions({ users, offset, amount: PAGE }), placeholderData: keepPreviousData });
  const rows = days.data?.result ?? [];
  return (
    <Paper variant="outlined" sx={{ minWidth: 0, p: { xs: 1, sm: 2 } }}>
      <Typography variant="h6" component="h2">Requests per day</Typography>
      <Typography variant="body2" color="text.secondary">Rolled up every hour (UTC days); kept after the requests themselves are deleted.</Typography>
      {days.error ? <Typography color="error">{callError(days.error).message}</Typography> : null}
      <TableContainer tabIndex={0} role="region" aria-label="Requests per day rows">
        <Table size="small" aria-label="Requests per day">
          <TableHead>
            <TableRow>
              <TableCell>Day</TableCell>
              <TableCell>User</TableCell>
              <TableCell align="right">Requests</TableCell>
              <TableCell align="right">4xx</TableCell>
              <TableCell align="right">5xx</TableCell>
              <TableCell align="right">Average (ms)</TableCell>
              <TableCell align="right">Longest (ms)</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((d) => (
              <TableRow key={`${d.day} ${d.user ?? ''}`}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{d.day}</TableCell>
                <TableCell>{d.user ?? 'not signed in'}</TableCell>
                <TableCell align="right">{d.requests}</TableCell>
                <TableCell align="right">{d.clientErrors}</TableCell>
                <TableCell align="right">{d.serverErrors}</TableCell>
                <TableCell align="right">{Math.round(d.averageMs)}</TableCell>
                <TableCell align="right">{Math.round(d.longestMs)}</TableCell>
              </TableRow>
            ))}
            {days.data && !rows.length ? (
              <TableRow>
                <TableCell colSpan={7}>Nothing rolled up yet: the background service logs.aggregate runs every hour.</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <LogPager offset={offset} amount={PAGE} shown={rows.length} count={days.data?.count ?? 0} capped={days.data?.countCapped} onOffset={setOffset} />
    </Paper>
  );
}
