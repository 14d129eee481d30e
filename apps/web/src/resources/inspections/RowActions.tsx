import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import DetailsIcon from '@mui/icons-material/ArticleOutlined';
import { useNavigate } from 'react-router-dom';
import type { TInspectionListItem } from '@insp/contracts';
import { ActionIcon } from './ActionIcon';
import { DeleteInspectionButton } from './DeleteInspectionButton';
import { PdfMenuButton } from './PdfDownloadButton';
import { StatusButton } from './StatusButton';
import { useReportActions } from './useReportMutations';

/** Where a row leads; the row goes along as state so the report pages know its status and name. */
export const reportPath = (id: string) => `/Reports/${id}`;
export const detailsPath = (id: string) => `/Reports/${id}/details`;

/** The room of an action a row does not offer, so the icons of every row line up (hidden from everyone). */
function Slot() {
  return (
    <IconButton size="small" disabled tabIndex={-1} aria-hidden sx={{ visibility: 'hidden' }}>
      <DetailsIcon fontSize="small" />
    </IconButton>
  );
}

/**
 * The actions of one report row (000 §2.3, §2.4), in fixed places: details, PDF (not while In use or
 * Waiting), delete (Manager and above), status change (not once Finished; admin or inspector contact; My
 * page leaves it out, §2.4). Clicks here never open the row.
 */
export function RowActions({ row, statusChange = true }: { row: TInspectionListItem; statusChange?: boolean }) {
  const navigate = useNavigate();
  const { download } = useReportActions(row);
  return (
    <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'flex', alignItems: 'center', gap: 0.25, whiteSpace: 'nowrap' }}>
      <ActionIcon label={`Details of ${row.name}`} tip="Details" onClick={() => navigate(detailsPath(row.id), { state: { inspection: row } })}>
        <DetailsIcon fontSize="small" />
      </ActionIcon>
      {download ? <PdfMenuButton report={row} /> : <Slot />}
      <DeleteInspectionButton row={row} />
      {statusChange && <StatusButton row={row} />}
    </Box>
  );
}
