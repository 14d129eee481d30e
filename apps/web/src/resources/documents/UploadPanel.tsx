import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useUploads } from './useUploads';
import { UploadRows } from './UploadRows';

/** Upload of new documents into the chosen category (002 §2, §7): several files at once, one POST each. */
export function UploadPanel({ categoryId, categoryName, listedNames, onUploaded }: {
  categoryId: string | null; categoryName: string; listedNames: readonly string[]; onUploaded(): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const uploads = useUploads(onUploaded);
  return (
    <Box>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        data-testid="document-files"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          void uploads.start(files, categoryId ? { categoryId } : {}, listedNames);
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={uploads.busy}>
          Upload documents
        </Button>
        <Typography variant="body2" color="text.secondary">into {categoryName}</Typography>
      </Box>
      <UploadRows rows={uploads.rows} label="Uploads" busy={uploads.busy} onRetry={(k) => void uploads.retry(k)} />
    </Box>
  );
}
