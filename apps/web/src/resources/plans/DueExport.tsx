import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import { PLAN_TEXT } from './texts';
import { useDueExport, type DueExportFilters } from './useDueExport';

/** The Due view's 'Export to Excel' with its pending state (rows done while the worker builds the workbook). */
export function DueExport({ filters }: { filters: DueExportFilters }) {
  const x = useDueExport();
  const p = x.progress;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, minWidth: 220 }}>
      <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={() => void x.start(filters)} disabled={x.running} sx={{ minHeight: 44 }}>
        {PLAN_TEXT.exportExcel}
      </Button>
      <Box role="status" aria-live="polite" sx={{ width: '100%', textAlign: 'right' }}>
        {x.running && (
          <>
            <Typography variant="body2">{PLAN_TEXT.exportPending}</Typography>
            <Typography variant="body2" color="text.secondary">{PLAN_TEXT.exportRows(p?.rowsDone ?? 0, p?.rowsTotal ?? null)}</Typography>
            <LinearProgress
              variant={p?.rowsTotal ? 'determinate' : 'indeterminate'}
              value={p?.rowsTotal ? (100 * p.rowsDone) / p.rowsTotal : 0}
              aria-label={PLAN_TEXT.exportPending}
              sx={{ mt: 0.5 }}
            />
          </>
        )}
        {x.saved && <Typography variant="body2">{PLAN_TEXT.exportSaved(x.saved)}</Typography>}
      </Box>
      {x.error && <Typography role="alert" variant="body2" color="error">{x.error}</Typography>}
    </Box>
  );
}
