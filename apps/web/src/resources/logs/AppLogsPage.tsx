import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { trpc } from '../../providers/trpc';
import { callError } from '../../lib/errors';
import { LogPager } from './LogPager';
import { touchInput } from './logs';
import { AppLogTable, AppSessionTable } from './AppLogTables';

const PAGE = 50;
type View = 'table' | 'sessions';

/**
 * /Logs (002 §2): the field clients' app log as a table of events or as sessions (split where the gap exceeds
 * 300000 ms, computed by the server), filtered by day (UTC) and e-mail; 'Load' applies the filters.
 */
export function AppLogsPage() {
  const [form, setForm] = useState({ date: '', email: '' });
  const [query, setQuery] = useState<{ date?: string; email?: string }>({});
  const [view, setView] = useState<View>('table');
  const [offset, setOffset] = useState(0);
  const input = { ...query, offset, amount: PAGE };
  const events = useQuery({ ...trpc.logs.app.queryOptions(input), enabled: view === 'table', placeholderData: keepPreviousData });
  const sessions = useQuery({ ...trpc.logs.appSessions.queryOptions(input), enabled: view === 'sessions', placeholderData: keepPreviousData });
  const current = view === 'table' ? events : sessions;

  const load = () => {
    setQuery({ date: form.date || undefined, email: form.email.trim() || undefined });
    setOffset(0);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography variant="h1">App logs</Typography>
      <Box component="form" onSubmit={(e) => (e.preventDefault(), load())} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField size="small" label="date" type="date" fullWidth={false} value={form.date} onChange={(e) => setForm({ ...form, date: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} sx={{ width: 180, ...touchInput }} />
        <TextField size="small" label="e-mail" fullWidth={false} value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} sx={{ flex: '1 1 220px', ...touchInput }} />
        <Button type="submit" variant="contained">
          Load
        </Button>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label="View"
          value={view}
          onChange={(_, v: View | null) => {
            if (v) {
              setView(v);
              setOffset(0);
            }
          }}
        >
          <ToggleButton value="table" sx={{ minHeight: 44, px: 2, color: 'text.primary' }}>
            Table
          </ToggleButton>
          <ToggleButton value="sessions" sx={{ minHeight: 44, px: 2, color: 'text.primary' }}>
            Sessions
          </ToggleButton>
        </ToggleButtonGroup>
        <Button component={RouterLink} to="/weblogs" size="small" sx={{ ml: 'auto' }}>
          Web logs
        </Button>
      </Box>
      {current.error ? <Typography color="error">{callError(current.error).message}</Typography> : null}
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        {view === 'table' ? <AppLogTable rows={events.data?.result ?? []} /> : <AppSessionTable rows={sessions.data?.result ?? []} />}
        <LogPager
          offset={offset}
          amount={PAGE}
          shown={current.data?.result.length ?? 0}
          count={current.data?.count ?? 0}
          capped={current.data?.countCapped}
          onOffset={setOffset}
        />
      </Paper>
    </Box>
  );
}
