import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BackIcon from '@mui/icons-material/ArrowBack';
import DetailsIcon from '@mui/icons-material/ArticleOutlined';
import { usePageTitle } from '../../components/usePageTitle';
import { LanguageSelect } from './LanguageSelect';
import { PdfButton } from './PdfDownloadButton';
import { ReportBody } from './ReportBody';
import { detailsPath } from './RowActions';
import { isOpen } from './rules';
import { useReportPage } from './useReportPage';

/**
 * /Reports/{id} (000 §1, §2.2): the report as HTML in the chosen language, with its PDF in the same language.
 * The PDF is offered unless the report is In use or Waiting (§2.3); the server has the last word.
 */
export function ReportView() {
  usePageTitle('Report');
  const location = useLocation();
  const { id, lang, setLang, summary, html, back } = useReportPage();
  const name = summary?.name ?? 'Report';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Button startIcon={<BackIcon />} onClick={back}>
          Back
        </Button>
        <Typography variant="h1" sx={{ flex: 1, minWidth: 200 }}>
          {name}
        </Typography>
        <LanguageSelect value={lang} onChange={setLang} />
        <Button component={RouterLink} to={`${detailsPath(id)}${lang === 'en' ? '' : `?lang=${lang}`}`} state={location.state} variant="outlined" startIcon={<DetailsIcon />}>
          Details
        </Button>
        {!(summary && isOpen(summary.status)) && <PdfButton report={summary ?? { id, name }} lang={lang} />}
      </Box>
      <ReportBody html={html} title={`Report: ${name}`} />
    </Box>
  );
}
