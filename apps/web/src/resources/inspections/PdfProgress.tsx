import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { languageName } from './languages';
import { REPORT_TEXT } from './texts';
import type { PdfJob } from './usePdfDownload';

/** Whole seconds since the job started, ticking while it runs. */
function useSeconds(running: boolean) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!running) return;
    const started = Date.now();
    const t = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(t);
  }, [running]);
  return seconds;
}

/**
 * While a PDF renders (the server answers 202 until it is ready) a status panel says which report and
 * language are being prepared, for how long, and offers Cancel; it goes away when the file is saved.
 */
export function PdfProgress({ job, name, onCancel }: { job: PdfJob | null; name: string; onCancel: () => void }) {
  const seconds = useSeconds(!!job);
  return (
    <Snackbar open={!!job} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Paper elevation={6} role="status" aria-live="polite" data-testid="pdf-progress" sx={{ p: 2, width: { xs: 'calc(100vw - 32px)', sm: 480 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {REPORT_TEXT.pdfPreparing(name, languageName(job?.lang ?? 'en'))}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {job && job.attempt > 0 ? `Still rendering · ${seconds} s` : 'Requesting the PDF…'}
            </Typography>
          </Box>
          <Button onClick={onCancel} sx={{ flex: 'none' }}>
            Cancel
          </Button>
        </Box>
        <LinearProgress sx={{ mt: 1.5 }} aria-label="Preparing PDF" />
      </Paper>
    </Snackbar>
  );
}
