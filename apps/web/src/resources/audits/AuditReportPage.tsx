import { useLocation, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import BackIcon from '@mui/icons-material/ArrowBack';
import type { TAuditListItem } from '@insp/contracts';
import { userTimeZone } from '../../lib/dates';
import { SharedLinks } from '../../components/SharedLinks';
import { usePageTitle } from '../../components/usePageTitle';
import { trpc } from '../../providers/trpc';
import { LanguageSelect } from '../inspections/LanguageSelect';
import { PdfButton } from '../inspections/PdfDownloadButton';
import { ReportBody } from '../inspections/ReportBody';
import { useReportAddress } from '../inspections/useReportAddress';
import { auditPdfName, AUDITS_PATH } from './auditPaths';
import { StorageUrlLink } from './StorageUrlLink';
import { AUDIT_TEXT } from './texts';

/**
 * /Audits/{id}/report (000 §2.2, §2.5): the audit report as HTML (tRPC audits.reportHtml, the runs included in
 * the report only) in the sandboxed frame of /Reports/{id}, in the language of the address (?lang=fi), with a
 * back button, its PDF ({yyyymmdd}_audit_{lang}.pdf, 202 while printing), the PDF's storage link and the live shared
 * links with Revoke (issue 20).
 */
export function AuditReportPage() {
  usePageTitle(AUDIT_TEXT.report);
  const { id = '' } = useParams();
  const location = useLocation();
  const { lang, setLang, back } = useReportAddress(AUDITS_PATH);
  const fromList = (location.state as { audit?: TAuditListItem } | null)?.audit;
  const audit = useQuery(trpc.audits.get.queryOptions({ id }));
  const html = useQuery({ ...trpc.audits.reportHtml.queryOptions({ id, lang, timeZone: userTimeZone() }), staleTime: 60_000 });
  const name = audit.data?.name ?? (fromList?.id === id ? fromList.name : AUDIT_TEXT.report);
  const inspectionDate = audit.data?.inspectionDate ?? fromList?.inspectionDate;
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
        <PdfButton report={{ id, name }} lang={lang} kind="audits" fileName={auditPdfName(inspectionDate, lang)} />
      </Box>
      <Box sx={{ alignSelf: 'flex-start' }}>
        <StorageUrlLink id={id} lang={lang} />
      </Box>
      <SharedLinks kind="audit_report" targetId={id} />
      <ReportBody html={html} title={`Audit report: ${name}`} />
    </Box>
  );
}
