import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import type { TAudit } from '@insp/contracts';
import { auditPdfName } from '../audits/auditPaths';
import { fetchReportPdf, saveFile } from '../inspections/pdfDownload';
import { AUDIT_TEXT } from './texts';

/** Download report (000 §2.6, §7): GET audits/{id}/reportpdf?lang=en, waiting while the PDF is printed. */
export function DownloadReport({ audit }: { audit: TAudit }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      saveFile(await fetchReportPdf(audit.id, 'en', { kind: 'audits', fallbackName: auditPdfName(audit.inspectionDate) }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download()} disabled={busy}>
        {busy ? AUDIT_TEXT.preparingPdf : AUDIT_TEXT.downloadReport}
      </Button>
      {error && (
        <Typography role="alert" color="error" variant="body2">
          {error}
        </Typography>
      )}
    </>
  );
}
