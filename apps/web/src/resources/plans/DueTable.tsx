import { SortableHeaderCell } from '../../components/SortableHeaderCell';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/EditOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import type { TPlan } from '@insp/contracts';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { startInspectionPath } from './startLink';
import { formatDueOn, machineLabel, PLAN_TEXT, stateWords, typeLabel } from './texts';

export type DueSortKey = 'dueOn' | 'serialNumber' | 'customerName' | 'inspectionType' | 'inspectorName';
export interface DueSort {
  key: DueSortKey;
  direction: 'asc' | 'desc';
}

type Column = 'machine' | 'customer' | 'type' | 'due' | 'state' | 'inspector';
const HEADERS: Array<{ column: Column; label: string; sort?: DueSortKey }> = [
  { column: 'machine', label: 'Equipment', sort: 'serialNumber' },
  { column: 'customer', label: 'Customer / site', sort: 'customerName' },
  { column: 'type', label: 'Type', sort: 'inspectionType' },
  { column: 'due', label: 'Due date', sort: 'dueOn' },
  { column: 'state', label: 'State' },
  { column: 'inspector', label: 'Inspector', sort: 'inspectorName' },
];

// On a tablet (820 px) the inspector moves under the machine, so the row's buttons fit without scrolling sideways.
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } };
const NARROW_ONLY = { display: { xs: 'block', md: 'none' } };

/** Strong text for what needs doing now; the words say it, the weight only helps the eye. */
const stateSx = (p: TPlan) => ({ fontWeight: p.state === 'overdue' || p.state === 'due' ? 600 : 400, color: p.state === 'overdue' ? 'error.main' : 'text.primary' });

/**
 * Plans as a table, sorted and paged by the server (plans.due): the Due view, My page's due list and the
 * equipment's plans. Row buttons: 'Start inspection' for those who may start one, edit and delete for managers.
 */
export function DueTable({
  label,
  rows,
  count,
  empty,
  columns = HEADERS.map((h) => h.column),
  sort,
  onSort,
  page,
  onPage,
  perPage,
  canStart,
  onEdit,
  onDelete,
}: {
  label: string;
  rows: TPlan[];
  count: number;
  empty: string;
  columns?: Column[];
  sort?: DueSort;
  onSort?: (s: DueSort) => void;
  page?: number;
  onPage?: (page: number) => void;
  perPage?: number;
  canStart: boolean;
  onEdit?: (p: TPlan) => void;
  onDelete?: (p: TPlan) => void;
}) {
  if (!rows.length) return <Typography color="text.secondary" sx={{ py: 2 }}>{empty}</Typography>;
  const shown = HEADERS.filter((h) => columns.includes(h.column));
  const hasActions = canStart || !!onEdit || !!onDelete;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {shown.map((h) => (
                <SortableHeaderCell key={h.column} label={h.label} sortKey={h.sort} sort={sort} onSort={onSort} sx={h.column === 'inspector' ? WIDE_ONLY : undefined} />
              ))}
              {hasActions && (
                <TableCell>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((p) => (
              <TableRow key={p.id} data-testid="plan-row">
                {columns.includes('machine') && (
                  <TableCell>
                    {machineLabel(p)}
                    {columns.includes('inspector') && (
                      <Typography variant="body2" color="text.secondary" sx={NARROW_ONLY}>
                        Inspector: {p.inspectorName ?? '—'}
                      </Typography>
                    )}
                  </TableCell>
                )}
                {columns.includes('customer') && (
                  <TableCell>
                    {p.customerName ?? '—'}
                    {p.customerSiteName && (
                      <Typography variant="body2" color="text.secondary">
                        {p.customerSiteName}
                      </Typography>
                    )}
                  </TableCell>
                )}
                {columns.includes('type') && <TableCell>{typeLabel(p.inspectionType)}</TableCell>}
                {columns.includes('due') && <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDueOn(p.dueOn)}</TableCell>}
                {columns.includes('state') && (
                  <TableCell>
                    <Typography component="span" sx={stateSx(p)} data-testid="plan-state">
                      {stateWords(p)}
                    </Typography>
                  </TableCell>
                )}
                {columns.includes('inspector') && <TableCell sx={WIDE_ONLY}>{p.inspectorName ?? '—'}</TableCell>}
                {hasActions && (
                  <TableCell align="right">
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end', alignItems: 'center' }}>
                      {canStart && (
                        <Button
                          component={RouterLink}
                          to={startInspectionPath(p)}
                          variant="outlined"
                          size="small"
                          sx={{ whiteSpace: 'nowrap' }}
                          aria-label={`${PLAN_TEXT.start}: ${machineLabel(p)}, ${typeLabel(p.inspectionType)}`}
                        >
                          {PLAN_TEXT.start}
                        </Button>
                      )}
                      {onEdit && (
                        <IconButton size="small" aria-label={`Edit plan ${typeLabel(p.inspectionType)} of ${machineLabel(p)}`} onClick={() => onEdit(p)}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                      )}
                      {onDelete && (
                        <IconButton size="small" aria-label={`Delete plan ${typeLabel(p.inspectionType)} of ${machineLabel(p)}`} onClick={() => onDelete(p)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      )}
                    </Box>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {onPage && perPage && count > perPage && (
        <TablePagination
          component="div"
          count={count}
          page={page ?? 0}
          rowsPerPage={perPage}
          rowsPerPageOptions={[perPage]}
          onPageChange={(_e, p) => onPage(p)}
        />
      )}
    </>
  );
}
