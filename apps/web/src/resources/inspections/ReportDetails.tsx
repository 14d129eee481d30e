import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ProtocolIcon from '@mui/icons-material/FactCheckOutlined';
import { isAllowed, routeTable } from '@insp/contracts';
import { useSession } from '../../providers/session';
import { DeleteInspectionDialog, type InspectionTarget } from './DeleteInspectionDialog';
import { LanguageSelect } from './LanguageSelect';
import { ReopenButton } from './ReopenButton';
import { ReportBody } from './ReportBody';
import { StatusButton } from './StatusButton';
import { statusLabel } from './inspectionTypes';
import { REPORT_TEXT } from './texts';
import { useReportPage } from './useReportPage';
import { VoiceComments } from './VoiceComments';
import { SharedLinks } from '../../components/SharedLinks';
import { StorageUrlLink } from '../audits/StorageUrlLink';

// The report edit form (000 §2.8) is another slice: its button appears once its route is in the route table.
const EDIT_ROUTE = routeTable.find((r) => r.path.toLowerCase() === '/reports/:id/edit');

/**
 * /Reports/{id}/details (000 §2.7): the report's HTML with every link reduced to its text, and the buttons back,
 * view protocol (2.9), edit inspection, edit status, reopen and delete. Each action shows only when the server's
 * answer says the caller may (`can`, contracts inspection-rights.ts: the rule its saves check), so nobody fills
 * in a form the server will refuse. Voice comments are played under the report.
 */
export function ReportDetails() {
  const { actor } = useSession();
  const navigate = useNavigate();
  const { id, lang, setLang, summary, inspection, can, html, back } = useReportPage();
  const [deleting, setDeleting] = useState<InspectionTarget | null>(null);
  const name = summary?.name ?? 'Report details';
  const q = lang === 'en' ? '' : `?lang=${lang}`;
  // 000 §2.7: for a User or above (the route table), once the inspection's data is there, and only if a save would be accepted
  const canEdit = !!EDIT_ROUTE && isAllowed(EDIT_ROUTE.permission, actor) && !!can?.edit;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button startIcon={<BackIcon />} onClick={back}>
          Back
        </Button>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography variant="h1">{name}</Typography>
          {summary && (
            <Typography color="text.secondary" data-testid="report-status">
              Status: {statusLabel(summary.status)}
            </Typography>
          )}
        </Box>
        <LanguageSelect value={lang} onChange={setLang} />
        <Button component={RouterLink} to={`/Reports/${id}/protocol${q}`} variant="outlined" startIcon={<ProtocolIcon />}>
          {REPORT_TEXT.viewProtocol}
        </Button>
        {canEdit && (
          <Button component={RouterLink} to={`/Reports/${id}/edit${q}`} variant="outlined" startIcon={<EditIcon />}>
            Edit inspection
          </Button>
        )}
        {summary && can && <StatusButton row={summary} variant="button" statusTo={can.statusTo} />}
        {summary && can?.reopen && <ReopenButton report={summary} />}
        {summary && can?.delete && (
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting({ id, name: summary.name })}>
            {REPORT_TEXT.deleteReport}
          </Button>
        )}
      </Box>
      {/* issue 20: a link to the PDF to hand on, for those who may download it; its live links with Revoke */}
      {can?.download && (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <StorageUrlLink id={id} lang={lang} kind="inspection_report" />
          </Box>
          <SharedLinks kind="inspection_report" targetId={id} />
        </>
      )}
      <ReportBody html={html} title={`Report details: ${name}`} stripLinks />
      {inspection && <VoiceComments data={inspection} />}
      <DeleteInspectionDialog target={deleting} onClose={() => setDeleting(null)} onDeleted={() => navigate('/Reports')} />
    </Box>
  );
}
