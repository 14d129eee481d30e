import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { uploadRowText, type UploadRow } from './uploads';

const color = { uploading: 'text.primary', done: 'success.dark', failed: 'error.main', skipped: 'text.secondary' } as const;

/** One line per file: its name, progress while sending, then the outcome text (002 §4). */
export function UploadRows({ rows, label, onRetry, busy }: { rows: UploadRow[]; label: string; onRetry?(key: string): void; busy?: boolean }) {
  if (!rows.length) return null;
  return (
    <List dense aria-label={label} aria-live="polite">
      {rows.map((r) => (
        <ListItem key={r.key} sx={{ display: 'block', px: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{r.fileName}</Typography>
          <Typography variant="body2" sx={{ color: color[r.state] }}>{uploadRowText(r)}</Typography>
          {r.state === 'failed' && onRetry ? (
            <Button size="small" sx={{ minHeight: 44 }} disabled={busy} onClick={() => onRetry(r.key)} aria-label={`Retry ${r.fileName}`}>Retry</Button>
          ) : null}
          {r.state === 'uploading' ? (
            <Box sx={{ mt: 0.5 }}>
              <LinearProgress variant="determinate" value={Math.round(r.progress * 100)} aria-label={`Upload of ${r.fileName}`} />
            </Box>
          ) : null}
        </ListItem>
      ))}
    </List>
  );
}
