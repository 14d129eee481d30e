import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TAction } from '@insp/contracts';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { SortableHeaderCell } from '../../components/SortableHeaderCell';
import { ACTION_TEXT, dueWords, machineWords, reasonWords, stateWords } from './texts';

export type ActionSortKey = 'dueOn' | 'createdAt' | 'serialNumber' | 'customerName' | 'assigneeName';
export interface ActionSort {
  key: ActionSortKey;
  direction: 'asc' | 'desc';
}
/** What the row's buttons open; the page decides which the viewer may use. */
export type ActionDecision = 'accept' | 'dismiss' | 'assign' | 'close';

const HEADERS: Array<{ label: string; sort?: ActionSortKey; wide?: boolean }> = [
  { label: 'Equipment', sort: 'serialNumber' },
  { label: 'Customer / site', sort: 'customerName' },
  { label: 'Finding' },
  { label: 'Assignee', sort: 'assigneeName', wide: true },
  { label: 'Due date', sort: 'dueOn' },
  { label: 'State' },
];
const BUTTON_LABEL: Record<ActionDecision, string> = { accept: ACTION_TEXT.accept, dismiss: ACTION_TEXT.dismiss, assign: ACTION_TEXT.assign, close: ACTION_TEXT.close };

// On a tablet (820 px) the assignee moves under the machine, so the row's buttons fit without scrolling sideways.
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } };
const NARROW_ONLY = { display: { xs: 'block', md: 'none' } };

/** Follow-up actions as a table, sorted and paged by the server (actions.list); `decisions` gives each row's buttons. */
export function ActionsTable({
  rows,
  count,
  sort,
  onSort,
  page,
  onPage,
  perPage,
  decisions,
  onDecide,
}: {
  rows: TAction[];
  count: number;
  sort: ActionSort;
  onSort: (s: ActionSort) => void;
  page: number;
  onPage: (page: number) => void;
  perPage: number;
  decisions: (a: TAction) => ActionDecision[];
  onDecide: (a: TAction, d: ActionDecision) => void;
}) {
  if (!rows.length) return <Typography color="text.secondary" sx={{ py: 2 }}>{ACTION_TEXT.none}</Typography>;
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={ACTION_TEXT.title}>
          <TableHead>
            <TableRow>
              {HEADERS.map((h) => (
                <SortableHeaderCell key={h.label} label={h.label} sortKey={h.sort} sort={sort} onSort={onSort} sx={h.wide ? WIDE_ONLY : undefined} />
              ))}
              <TableCell>
                <VisuallyHidden>Buttons</VisuallyHidden>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((a) => (
              <TableRow key={a.id} data-testid="action-row">
                <TableCell>
                  {machineWords(a)}
                  <Typography variant="body2" color="text.secondary" sx={NARROW_ONLY}>
                    {ACTION_TEXT.assignee}: {a.assigneeName ?? '—'}
                  </Typography>
                </TableCell>
                <TableCell>
                  {a.customerName ?? '—'}
                  {a.customerSiteName && (
                    <Typography variant="body2" color="text.secondary">
                      {a.customerSiteName}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {a.pointName} — {reasonWords(a)}
                  </Typography>
                  <Typography variant="body2">{a.text}</Typography>
                  <Link component={RouterLink} to={`/Reports/${a.inspectionId}`} variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
                    {ACTION_TEXT.report}: {a.inspectionName}
                  </Link>
                </TableCell>
                <TableCell sx={WIDE_ONLY}>{a.assigneeName ?? '—'}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', ...(a.overdue && { color: 'error.main', fontWeight: 600 }) }}>{dueWords(a)}</TableCell>
                <TableCell data-testid="action-state">{stateWords(a)}</TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end' }}>
                    {decisions(a).map((d) => (
                      <Button key={d} variant="outlined" size="small" sx={{ minHeight: 44 }} aria-label={`${BUTTON_LABEL[d]}: ${a.pointName}, ${machineWords(a)}`} onClick={() => onDecide(a, d)}>
                        {BUTTON_LABEL[d]}
                      </Button>
                    ))}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {count > perPage && (
        <TablePagination component="div" count={count} page={page} rowsPerPage={perPage} rowsPerPageOptions={[perPage]} onPageChange={(_e, p) => onPage(p)} />
      )}
    </>
  );
}
