import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import { isAllowed, P, routeTable } from '@insp/contracts';
import { useSession } from '../../providers/session';
import { LanguageSelect } from './LanguageSelect';
import { ReportBody } from './ReportBody';
import { StatusButton } from './StatusButton';
import { statusLabel } from './inspectionTypes';
import { useReportPage } from './useReportPage';

// The report edit form (000 §2.8) is another slice: its button appears once its route is in the route table.
const EDIT_ROUTE = routeTable.find((r) => r.path.toLowerCase() === '/reports/:id/edit');

/**
 * /Reports/{id}/details (000 §2.7): the report's HTML with every link reduced to its text, and the buttons
 * back, edit inspection (User and above, once the report has loaded) and edit status (the 'Update status'
 * rules of §4).
 */
export function ReportDetails() {
  const { actor } = useSession();
  const { id, lang, setLang, summary, loaded, html, back } = useReportPage();
  const name = summary?.name ?? 'Report details';
  // 000 §2.7: for a User or above, once the inspection's data is there
  const canEdit = !!EDIT_ROUTE && isAllowed(EDIT_ROUTE.permission, actor) && isAllowed(P.reports, actor) && loaded;
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
        {canEdit && (
          <Button component={RouterLink} to={`/Reports/${id}/edit`} variant="outlined" startIcon={<EditIcon />}>
            Edit inspection
          </Button>
        )}
        {summary && <StatusButton row={summary} variant="button" />}
      </Box>
      <ReportBody html={html} title={`Report details: ${name}`} stripLinks />
    </Box>
  );
}
