import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import UndoIcon from '@mui/icons-material/Undo';
import type { TInspectionPoint } from '@insp/contracts';
import { newRequestKey } from '../../lib/requestKey';
import type { TDocRow } from './api';
import { DocumentPicker, kb } from './DocumentPicker';
import { toggleDocument, type PointForm } from './rules';

/**
 * A file chosen for upload: `percent` null until its save starts; `done` once the server has it (a retried save skips
 * it); `key` its idempotency key, made when it was chosen, so a retry after a lost answer does not add it twice.
 */
export interface PendingUpload { file: File; key: string; percent: number | null; failed?: boolean; done?: boolean }

/**
 * Attached documents (001 §2): the point's documents, those added in the picker and those marked removed
 * (struck through, with undo); new files are uploaded through PUT …/{id}/files once the point is saved.
 */
export function DocumentsField(props: {
  value: PointForm;
  onChange: (p: Partial<PointForm>) => void;
  point?: TInspectionPoint | null;
  uploads: PendingUpload[];
  setUploads: (u: PendingUpload[]) => void;
  disabled?: boolean;
}) {
  const { value, onChange, point, uploads, setUploads, disabled } = props;
  const [open, setOpen] = useState(false);
  const [known, setKnown] = useState<Record<string, TDocRow>>({});
  const fileInput = useRef<HTMLInputElement>(null);
  const onServer = new Map((point?.documents ?? []).map((d) => [d.id, d]));
  const added = value.addedDocumentIds ?? [];
  const removed = new Set(value.removedDocumentIds ?? []);
  const chosen = new Set([...[...onServer.keys()].filter((id) => !removed.has(id)), ...added]);
  const toggle = (d: { id: string; name: string }) => {
    setKnown((k) => ({ ...k, [d.id]: d as TDocRow }));
    onChange(toggleDocument(value, d.id, onServer.has(d.id)));
  };
  const rows = [
    ...[...onServer.values()].map((d) => ({ id: d.id, name: d.name, size: d.fileSize, removed: removed.has(d.id) })),
    ...added.map((id) => ({ id, name: known[id]?.name ?? id, size: known[id]?.fileSize, removed: false })),
  ];
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 1.5, pt: 0.5, display: 'grid', gap: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>Attached documents</Typography>
      {!rows.length && !uploads.length ? <Typography variant="body2" color="text.secondary">No documents attached.</Typography> : null}
      {rows.map((d) => (
        <Box key={d.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" sx={{ textDecoration: d.removed ? 'line-through' : undefined, flex: 1 }}>
            {d.name} {d.size !== undefined ? `(${kb(d.size)})` : ''} {d.removed ? '(removed on save)' : ''}
          </Typography>
          <IconButton size="small" disabled={disabled} aria-label={`${d.removed ? 'Keep' : 'Remove'} ${d.name}`} onClick={() => toggle(d)}>
            {d.removed ? <UndoIcon /> : <DeleteIcon />}
          </IconButton>
        </Box>
      ))}
      {uploads.map((u, i) => (
        <Box key={`${u.file.name}-${i}`} sx={{ display: 'grid', gap: 0.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" sx={{ flex: 1 }}>
              {u.file.name} ({kb(u.file.size)}) {u.failed ? '– Uploading failed' : u.done ? '– uploaded' : u.percent === null ? '– uploaded on save' : `– ${u.percent}%`}
            </Typography>
            <IconButton size="small" disabled={disabled || !(u.percent === null || u.failed)} aria-label={`Do not upload ${u.file.name}`} onClick={() => setUploads(uploads.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          </Box>
          {u.percent !== null ? <LinearProgress variant="determinate" value={u.percent} aria-label={`Upload of ${u.file.name}`} /> : null}
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" size="small" disabled={disabled} onClick={() => setOpen(true)}>Choose documents</Button>
        <Button variant="outlined" size="small" disabled={disabled} onClick={() => fileInput.current?.click()}>Upload files</Button>
        <input ref={fileInput} type="file" multiple hidden aria-label="Files to upload"
          onChange={(e) => {
            setUploads([...uploads, ...Array.from(e.target.files ?? []).map((file) => ({ file, key: newRequestKey(), percent: null }))]);
            e.target.value = '';
          }} />
      </Box>
      <DocumentPicker open={open} onClose={() => setOpen(false)} chosen={chosen} toggle={toggle} />
    </Box>
  );
}
