import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { PR } from './texts';
import type { ExportJob } from './useExport';

/** While the worker builds the workbook, a status panel names the protocol and offers Cancel (like the PDF panel). */
export function ExportProgress({ job, name, onCancel }: { job: ExportJob | null; name: string; onCancel: () => void }) {
  return (
    <Snackbar open={!!job} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Paper elevation={6} role="status" aria-live="polite" data-testid="export-progress" sx={{ p: 2, width: { xs: 'calc(100vw - 32px)', sm: 480 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>{PR.exportPending(name)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {job && job.attempt > 0 ? `Still building · asked ${job.attempt} time${job.attempt === 1 ? '' : 's'}` : 'Requesting the export…'}
            </Typography>
          </Box>
          <Button onClick={onCancel} sx={{ flex: 'none' }}>Cancel</Button>
        </Box>
        <LinearProgress sx={{ mt: 1.5 }} aria-label="Preparing the Excel export" />
      </Paper>
    </Snackbar>
  );
}
