import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { TEMPLATE_COLUMNS, templateHref, uploadImport } from './uploadImport';

/** Step 1: pick an .xlsx or .csv file and upload it; the page then follows the import by its id. */
export function ImportUpload({ onStarted }: { onStarted: (id: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onStarted(await uploadImport(file));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography sx={{ mb: 1 }}>
        One row per site or piece of equipment. Existing customers, sites and equipment are matched by their MDM ids (else by name) and by
        serial number, and updated; empty cells never clear a stored value. Rows with errors are skipped and listed after the import.
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 2 }}>
        Columns: {TEMPLATE_COLUMNS.join(', ')}. Customer language is the report and e-mail language (a code such as de, or its name), Customer
        time zone the zone reports print dates in (such as Europe/Helsinki); both may be left out. Excel (.xlsx) or CSV (UTF-8, comma or
        semicolon), up to 10 MB.{' '}
        <Link href={templateHref()} download="customers-import-template.csv">
          Download the template (CSV)
        </Link>
      </Typography>
      <input
        ref={input}
        type="file"
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        hidden
        data-testid="import-file"
        onChange={(e) => {
          setFile(e.target.files?.[0] ?? null);
          setError(null);
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={busy}>
          Choose file
        </Button>
        <Typography data-testid="chosen-file">{file ? file.name : 'No file chosen'}</Typography>
        <Button variant="contained" onClick={start} disabled={!file || busy}>
          {busy ? 'Uploading…' : 'Import'}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}
