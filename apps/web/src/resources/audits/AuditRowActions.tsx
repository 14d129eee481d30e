import Box from '@mui/material/Box';
import ReportIcon from '@mui/icons-material/DescriptionOutlined';
import { useNavigate } from 'react-router-dom';
import type { TAuditListItem } from '@insp/contracts';
import { ActionIcon } from '../inspections/ActionIcon';
import { PdfMenuButton } from '../inspections/PdfDownloadButton';
import { auditPdfName, auditReportPath } from './auditPaths';
import { DeleteAuditButton } from './DeleteAuditButton';
import { FinishAuditButton } from './FinishAuditButton';

/**
 * The actions of one audit row (000 §2.5), in fixed places: view report, download report (PDF in a chosen
 * language), finish or reopen (everyone who sees the list), delete (Manager and above). Clicks here never open the row.
 */
export function AuditRowActions({ row }: { row: TAuditListItem }) {
  const navigate = useNavigate();
  return (
    <Box onClick={(e) => e.stopPropagation()} sx={{ display: 'flex', alignItems: 'center', gap: 0.25, whiteSpace: 'nowrap' }}>
      <ActionIcon label={`View report of ${row.name}`} tip="View report" onClick={() => navigate(auditReportPath(row.id), { state: { audit: row } })}>
        <ReportIcon fontSize="small" />
      </ActionIcon>
      <PdfMenuButton report={row} kind="audits" fileName={auditPdfName(row.inspectionDate)} />
      <FinishAuditButton row={row} />
      <DeleteAuditButton row={row} />
    </Box>
  );
}
