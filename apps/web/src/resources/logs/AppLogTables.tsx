import type { TAppLogEntry, TAppLogSession } from '@insp/contracts';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDateTime } from '../../lib/dates';
import { durationText } from './logs';

const head = (names: string[]) => (
  <TableHead>
    <TableRow>
      {names.map((n) => (
        <TableCell key={n}>{n}</TableCell>
      ))}
    </TableRow>
  </TableHead>
);

/** The table view of /Logs: one row per event, newest first. */
export function AppLogTable({ rows }: { rows: TAppLogEntry[] }) {
  return (
    // Focusable region: a wide table scrolls sideways on a tablet, and a keyboard must be able to scroll it too.
    <TableContainer tabIndex={0} role="region" aria-label="App log events">
      <Table size="small" aria-label="App log">
        {head(['Date', 'User', 'Event', 'App version', 'OS', 'Properties'])}
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.timestamp)}</TableCell>
              <TableCell>{r.user ?? ''}</TableCell>
              <TableCell>{r.eventName}</TableCell>
              <TableCell>{r.appVersion ?? ''}</TableCell>
              <TableCell>{r.osName ?? ''}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word', fontFamily: 'monospace', fontSize: 12, minWidth: 200 }}>{r.properties ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The sessions view: one row per session (a sender's events without a gap over 5 minutes), newest first. */
export function AppSessionTable({ rows }: { rows: TAppLogSession[] }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="App log sessions list">
      <Table size="small" aria-label="App log sessions">
        {head(['Start', 'End', 'Duration', 'User', 'Events', 'App version', 'OS'])}
        <TableBody>
          {rows.map((s) => (
            <TableRow key={`${s.user}-${s.start}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.start)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.end)}</TableCell>
              <TableCell>{durationText(s.end - s.start)}</TableCell>
              <TableCell>{s.user ?? ''}</TableCell>
              <TableCell>{s.events}</TableCell>
              <TableCell>{s.appVersion ?? ''}</TableCell>
              <TableCell>{s.osName ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
