import { Link, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { DataTable, List, SearchInput, TopToolbar } from 'react-admin';
import type { TAuditListItem } from '@insp/contracts';
import { listProps } from '../../components/listProps';
import { usePageTitle } from '../../components/usePageTitle';
import { formatDate } from '../../lib/dates';
import { registerResourceRouter } from '../../providers/dataProvider';
import { searchSx, tableSx, WIDE_ONLY } from '../inspections/ReportList';
import { auditPath, NEW_AUDIT_PATH } from './auditPaths';
import { AuditRowActions } from './AuditRowActions';
import { AUDIT_TEXT } from './texts';
import { AUDITS } from './useAuditMutations';

registerResourceRouter(AUDITS, 'audits');
const Col = DataTable.Col<TAuditListItem>;
const searchFilter = [<SearchInput key="q" source="q" alwaysOn placeholder={AUDIT_TEXT.searchPlaceholder} sx={searchSx} />];

function NewAuditAction() {
  return (
    <TopToolbar>
      <Button component={Link} to={NEW_AUDIT_PATH} variant="contained" startIcon={<AddIcon />}>
        {AUDIT_TEXT.newAudit}
      </Button>
    </TopToolbar>
  );
}

/** Name with the site under it, and on a narrow screen the customer and inspector (their columns give way). */
function NameCell({ row }: { row: TAuditListItem }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {row.name}
      </Typography>
      {row.siteName && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {row.siteName}
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" className="narrow-only">
        {[row.customerName, row.inspector].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}

export const statusText = (finished: boolean) => (finished ? AUDIT_TEXT.finished : AUDIT_TEXT.open);

/**
 * /Audits (000 §2.5): search (200 ms debounce, a new search starts at the first page), a table sorted by the
 * server in pages of 50 (newest first, §9), the row actions. An open audit opens its editor on a click; a
 * finished one does not (reopen it first). Sorting is offered on what the server sorts: name, customer, inspection
 * date, inspector and status (docs/decisions.md, Audits: List; contracts AUDIT_SORT_KEYS).
 */
export function AuditList() {
  usePageTitle(AUDIT_TEXT.title);
  const navigate = useNavigate();
  return (
    <List
      {...listProps}
      resource={AUDITS}
      title={AUDIT_TEXT.title}
      filters={searchFilter}
      actions={<NewAuditAction />}
      disableSyncWithLocation
      sort={{ field: 'inspectionDate', order: 'DESC' }}
      empty={false}
    >
      <DataTable<TAuditListItem>
        bulkActionButtons={false}
        sx={tableSx}
        rowSx={(r) => (r.finished ? { cursor: 'default' } : {})}
        empty={<Typography sx={{ p: 2 }}>{AUDIT_TEXT.noAudits}</Typography>}
        rowClick={(id, _resource, row) => {
          if (!(row as TAuditListItem).finished) navigate(auditPath(String(id)));
          return false;
        }}
      >
        <Col source="name" label="Name" render={(r) => <NameCell row={r} />} />
        <Col source="customerName" label="Customer" className={WIDE_ONLY} />
        <Col source="inspectionDate" label="Inspection date" render={(r) => formatDate(r.inspectionDate)} />
        <Col source="inspector" label="Inspector" className={WIDE_ONLY} />
        <Col
          source="finished"
          label="Status"
          render={(r) => <Chip size="small" variant={r.finished ? 'filled' : 'outlined'} label={statusText(r.finished)} />}
        />
        <Col label="Actions" disableSort render={(r) => <AuditRowActions row={r} />} />
      </DataTable>
    </List>
  );
}
