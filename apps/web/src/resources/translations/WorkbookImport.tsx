import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ImportReport } from './ImportReport';
import { uploadTranslations } from './uploadTranslations';

/**
 * Import (issue 21, beyond the spec): the edited workbook back. The server writes only the cells that differ,
 * refuses a file that is not one of ours whole, and a row whose point changed since the export on its own.
 */
export function WorkbookImport() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({ mutationFn: uploadTranslations });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="translations-import" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id="translations-import" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Import translations
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        Upload a workbook downloaded here after editing its language columns. Only changed cells are saved; an emptied cell removes that
        translation. Rows whose point changed since the download are refused: download a new workbook for them.
      </Typography>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        data-testid="translations-file"
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          upload.reset();
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={upload.isPending}>
          Choose file
        </Button>
        <Typography data-testid="chosen-file" sx={{ overflowWrap: 'anywhere' }}>
          {file ? file.name : 'No file chosen'}
        </Typography>
        <Button
          variant="contained"
          onClick={() => file && upload.mutate(file)}
          disabled={!file || upload.isPending}
          startIcon={upload.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {upload.isPending ? 'Importing…' : 'Import'}
        </Button>
      </Box>
      <div role="status">{upload.isPending && <Typography sx={{ mt: 2 }}>Importing the workbook…</Typography>}</div>
      {upload.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {upload.error.message}
        </Alert>
      )}
      {upload.data && <ImportReport report={upload.data} />}
    </Paper>
  );
}
