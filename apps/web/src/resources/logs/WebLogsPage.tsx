import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { trpc } from '../../providers/trpc';
import { formatDateTime, fromDateTimeInput } from '../../lib/dates';
import { callError } from '../../lib/errors';
import { LogPager } from './LogPager';
import { WebLogDays } from './WebLogDays';
import { matchesAll, touchInput } from './logs';

const PAGE = 50;
type Query = { users?: string; start?: string; stop?: string };

/** /WebLogs (002 §2): the API request log; 'Load log' asks the server, the column filters work on the loaded page. */
export function WebLogsPage() {
  const [form, setForm] = useState({ users: '', start: '', stop: '' });
  const [query, setQuery] = useState<Query>({});
  const [offset, setOffset] = useState(0);
  const [filters, setFilters] = useState({ user: '', method: '', status: '' });
  const log = useQuery({ ...trpc.logs.web.queryOptions({ ...query, offset, amount: PAGE }), placeholderData: keepPreviousData });

  const load = () => {
    const ms = (v: string) => (fromDateTimeInput(v) ?? undefined)?.toString();
    setQuery({ users: form.users.trim() || undefined, start: ms(form.start), stop: ms(form.stop) });
    setOffset(0);
  };
  const rows = useMemo(
    () =>
      (log.data?.result ?? []).filter((r) =>
        matchesAll({ user: r.authLogger.data.user ?? '', method: r.hostingDiagnostics.data.method, status: String(r.hostingDiagnostics.data.statusCode) }, filters),
      ),
    [log.data, filters],
  );
  const field = (name: keyof typeof form, label: string, type: string, width: object) => (
    <TextField
      size="small"
      label={label}
      type={type}
      fullWidth={false}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ ...width, ...touchInput }}
    />
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box component="form" onSubmit={(e) => (e.preventDefault(), load())} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {field('users', 'users as csv', 'text', { flex: '1 1 260px' })}
        {field('start', 'start', 'datetime-local', { width: 230 })}
        {field('stop', 'stop', 'datetime-local', { width: 230 })}
        <Button type="submit" variant="contained">
          Load log
        </Button>
        <Button component={RouterLink} to="/Logs" size="small" sx={{ ml: 'auto' }}>
          App logs
        </Button>
      </Box>
      {log.error ? <Typography color="error">{callError(log.error).message}</Typography> : null}
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <TableContainer tabIndex={0} role="region" aria-label="Web log rows">
          <Table size="small" aria-label="Web log">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>
                  User
                  <FilterField label="Filter User" value={filters.user} onChange={(user) => setFilters({ ...filters, user })} />
                </TableCell>
                <TableCell>
                  Method
                  <FilterField label="Filter Method" value={filters.method} onChange={(method) => setFilters({ ...filters, method })} />
                </TableCell>
                <TableCell>
                  Status code
                  <FilterField label="Filter Status code" value={filters.status} onChange={(status) => setFilters({ ...filters, status })} />
                </TableCell>
                <TableCell align="right">Response time (in ms)</TableCell>
                <TableCell>URL</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.hostingDiagnostics.date)}</TableCell>
                  <TableCell>{r.authLogger.data.user ?? ''}</TableCell>
                  <TableCell>{r.hostingDiagnostics.data.method}</TableCell>
                  <TableCell>{r.hostingDiagnostics.data.statusCode}</TableCell>
                  <TableCell align="right">{Math.round(r.hostingDiagnostics.data.duration)}</TableCell>
                  {/* One line each: a tRPC batch URL is a page long; the whole of it is in the tooltip. */}
                  <TableCell title={r.hostingDiagnostics.data.url} sx={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {r.hostingDiagnostics.data.url}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <LogPager offset={offset} amount={PAGE} shown={log.data?.result.length ?? 0} count={log.data?.count ?? 0} capped={log.data?.countCapped} onOffset={setOffset} />
      </Paper>
      <WebLogDays key={query.users ?? ''} users={query.users} />
    </Box>
  );
}

function FilterField(props: { label: string; value: string; onChange(v: string): void }) {
  return (
    <TextField
      size="small"
      variant="standard"
      placeholder="contains"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      slotProps={{ htmlInput: { 'aria-label': props.label } }}
      sx={{ display: 'block', minWidth: 80, ...touchInput }}
    />
  );
}
