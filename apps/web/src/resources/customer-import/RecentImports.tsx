import { formatDateTime } from '../../lib/dates';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { trpc } from '../../providers/trpc';

const STATUS: Record<string, string> = { queued: 'Waiting', running: 'Importing', done: 'Finished', failed: 'Failed' };

/** The last imports, so an administrator can reopen a report after leaving the page. */
export function RecentImports() {
  const q = useQuery(trpc.customerImport.list.queryOptions({ offset: 0, amount: 10, search: '' }));
  const rows = q.data?.result ?? [];
  if (!rows.length) return null;
  return (
    <>
      <Typography variant="h2" sx={{ mt: 4, mb: 1 }}>
        Recent imports
      </Typography>
      <Table size="small" aria-label="Recent imports">
        <TableHead>
          <TableRow>
            <TableCell>File</TableCell>
            <TableCell>Uploaded</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Rows</TableCell>
            <TableCell>Rows with errors</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>
                <Link component={RouterLink} to={`/Customers/import?id=${r.id}`}>
                  {r.fileName}
                </Link>
              </TableCell>
              <TableCell>{formatDateTime(r.createdAt)}</TableCell>
              <TableCell>{STATUS[r.status] ?? r.status}</TableCell>
              <TableCell>{r.totalRows === null ? '' : `${r.processedRows} of ${r.totalRows}`}</TableCell>
              <TableCell>{r.rowsWithErrors}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
