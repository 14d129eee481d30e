import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { servicedText, usageDisplayName, type TServicedEquipmentRow, type TUsageOrderKey } from '@insp/contracts';

export interface UsageSort {
  key: TUsageOrderKey;
  direction: 'asc' | 'desc';
}

/** 002 §2 columns: name, total number of equipment, serviced this week, this month, this year. */
const COLUMNS: { key: TUsageOrderKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'totalNumberOfEquipment', label: 'Total number of equipment' },
  { key: 'lastWeek', label: 'Serviced this week' },
  { key: 'lastMonth', label: 'Serviced this month' },
  { key: 'lastYear', label: 'Serviced this year' },
];

/** A click on the sorted column turns its direction; another column sorts ascending. */
export const nextSort = (sort: UsageSort, key: TUsageOrderKey): UsageSort =>
  sort.key === key ? { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };

/** One dashboard table; the server sorts and filters (the header click asks it again). */
export function UsageTable(props: { label: string; rows: TServicedEquipmentRow[] | undefined; sort: UsageSort; onSort(s: UsageSort): void; loading: boolean }) {
  const { label, rows, sort, onSort, loading } = props;
  return (
    <TableContainer component={Paper} variant="outlined" aria-busy={loading}>
      {/* fixed layout: both tables line their columns up */}
      <Table size="small" aria-label={label} sx={{ tableLayout: 'fixed' }}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell
                key={c.key}
                align={c.key === 'name' ? 'left' : 'right'}
                aria-sort={sort.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                sx={{ fontWeight: 600, py: 0, width: c.key === 'name' ? '32%' : '17%' }}
              >
                <TableSortLabel
                  active={sort.key === c.key}
                  direction={sort.key === c.key ? sort.direction : 'asc'}
                  onClick={() => onSort(nextSort(sort, c.key))}
                  sx={{ minHeight: 44 }}
                >
                  {c.label}
                </TableSortLabel>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(rows ?? []).map((r) => (
            <TableRow key={r.id}>
              <TableCell component="th" scope="row">{usageDisplayName(r.customerName, r.customerEnglishName)}</TableCell>
              <TableCell align="right">{r.totalNumberOfEquipment}</TableCell>
              <TableCell align="right">{servicedText(r.serviceData.lastWeek, r.totalNumberOfEquipment)}</TableCell>
              <TableCell align="right">{servicedText(r.serviceData.lastMonth, r.totalNumberOfEquipment)}</TableCell>
              <TableCell align="right">{servicedText(r.serviceData.lastYear, r.totalNumberOfEquipment)}</TableCell>
            </TableRow>
          ))}
          {rows && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>
                <Typography color="text.secondary">No rows</Typography>
              </TableCell>
            </TableRow>
          ) : null}
          {!rows ? (
            <TableRow>
              <TableCell colSpan={COLUMNS.length}>Loading...</TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
