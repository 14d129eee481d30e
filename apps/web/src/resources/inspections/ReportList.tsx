import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import { DataTable, List, SearchInput } from 'react-admin';
import type { TInspectionListItem } from '@insp/contracts';
import { listProps } from '../../components/listProps';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../lib/dates';
import { coarsePointer } from '../../theme';
import { statusLabel, typeLabel } from './inspectionTypes';
import { RatingButtons } from './RatingButtons';
import { reportPath, RowActions } from './RowActions';
import { REPORT_TEXT } from './texts';
import { TypeFilter } from './TypeFilter';
import { REPORTS } from './useReportMutations';
import { NewInspectionActions } from '../../pages/start-inspection/NewInspectionButton';

// The clear 'X' of the search box is a 24 px button; on touch screens it gets 44 px like every control.
export const searchSx = { width: { xs: '100%', sm: 360 }, '& .RaResettableTextField-clearButton': { [coarsePointer]: { width: 44, height: 44 } } };
export const searchFilter = [<SearchInput key="q" source="q" alwaysOn placeholder={REPORT_TEXT.searchPlaceholder} sx={searchSx} />];
const Col = DataTable.Col<TInspectionListItem>;

/**
 * Below the md breakpoint (a tablet held upright, 820 px) the serial number, type and inspector columns give
 * way (class `wide-only`) and show as a line under the name (`narrow-only`), so the table fits without
 * scrolling sideways; cell padding narrows too.
 */
export const WIDE_ONLY = 'wide-only';
export const tableSx = (theme: Theme) => ({
  '& .MuiTableCell-root': { px: { xs: 0.75, md: 1.5 } },
  // hidden below md only: no display value to restore above it (a cell keeps its own)
  [`& .${WIDE_ONLY}`]: { [theme.breakpoints.down('md')]: { display: 'none' } },
  '& .narrow-only': { display: { xs: 'block', md: 'none' } },
});

/** Name with the customer under it (the name alone repeats across reports of one protocol). */
export function NameCell({ row, inspector = true }: { row: TInspectionListItem; inspector?: boolean }) {
  const narrow = [typeLabel(row.type), row.serialNumber, inspector ? row.inspector : null].filter(Boolean).join(' · ');
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {row.displayName}
      </Typography>
      {row.customerName && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {row.customerName}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" className="narrow-only">
        {narrow}
      </Typography>
    </Box>
  );
}

/**
 * /Reports (000 §2.3): search (200 ms debounce, clear 'X', a new search starts at the first page), type
 * checkboxes, a sortable table in pages of 50 (newest inspection first, §9) and the row actions. Row click
 * opens the report; the row goes along so the report page knows its name and status.
 */
export function ReportList() {
  usePageTitle('Reports');
  const navigate = useNavigate();
  return (
    <List {...listProps} resource={REPORTS} title="Reports" filters={searchFilter} actions={<NewInspectionActions />} sort={{ field: 'inspectionDate', order: 'DESC' }} empty={false}>
      <TypeFilter />
      <DataTable<TInspectionListItem>
        bulkActionButtons={false}
        sx={tableSx}
        empty={<Typography sx={{ p: 2 }}>{REPORT_TEXT.noReports}</Typography>}
        rowClick={(id, _resource, row) => {
          navigate(reportPath(String(id)), { state: { inspection: row } });
          return false;
        }}
      >
        <Col source="name" label="Name" render={(r) => <NameCell row={r} />} />
        <Col source="serialNumber" label="Serial number" className={WIDE_ONLY} />
        <Col source="inspectionDate" label="Inspection date" render={(r) => formatDate(r.inspectionDate)} />
        <Col source="type" label="Type" className={WIDE_ONLY} render={(r) => typeLabel(r.type)} />
        <Col source="status" label="Status" render={(r) => statusLabel(r.status)} />
        <Col source="inspector" label="Inspector" className={WIDE_ONLY} />
        <Col source="rating" label="Rating" disableSort render={(r) => <RatingButtons row={r} />} />
        <Col label="Actions" disableSort render={(r) => <RowActions row={r} />} />
      </DataTable>
    </List>
  );
}
