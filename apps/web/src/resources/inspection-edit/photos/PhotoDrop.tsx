import { useRef, useState, type DragEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddPhotoIcon from '@mui/icons-material/AddAPhotoOutlined';
import CameraIcon from '@mui/icons-material/PhotoCamera';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { EDIT_TEXT } from '../texts';
import { PHOTO_ACCEPT, pickPhoto } from './pickPhoto';

/**
 * Where a photo comes in: a picker button (offering .png, .jpg, .jpeg) and a drop area. Exactly one jpeg or png
 * per drop or pick; otherwise the spec's message ('Only one file allowed at a time', 'Unallowed file type').
 */
export function PhotoDrop({ onPhoto, disabled, label }: { onPhoto(file: File): void; disabled?: boolean; label: string }) {
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const take = (files: ArrayLike<File> | null) => {
    const picked = pickPhoto(files);
    if ('error' in picked) return setError(picked.error);
    setError(null);
    onPhoto(picked.file);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) take(e.dataTransfer.files);
  };
  return (
    <Box>
      <Box
        data-testid="photo-drop"
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        sx={{
          display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, p: 1.5, borderRadius: 1,
          border: '2px dashed', borderColor: over ? 'primary.main' : 'divider', bgcolor: over ? 'action.hover' : 'transparent',
        }}
      >
        <Button onClick={() => input.current?.click()} variant="outlined" startIcon={<AddPhotoIcon />} disabled={disabled}>
          {EDIT_TEXT.addPhoto}
          <VisuallyHidden>{` (${label})`}</VisuallyHidden>
        </Button>
        {/* Issue 23: the camera straight into this point; `capture` opens the back camera on a tablet, a file
            picker elsewhere. The taken photo goes the same way as a picked one. */}
        <Button onClick={() => camera.current?.click()} variant="outlined" startIcon={<CameraIcon />} disabled={disabled} sx={{ minHeight: 44 }}>
          {EDIT_TEXT.takePhoto}
          <VisuallyHidden>{` (${label})`}</VisuallyHidden>
        </Button>
        <input
          ref={camera}
          data-testid="camera-input"
          type="file"
          accept="image/*"
          capture="environment"
          disabled={disabled}
          hidden
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <input
          ref={input}
          data-testid="photo-input"
          type="file"
          accept={PHOTO_ACCEPT}
          disabled={disabled}
          hidden
          onChange={(e) => {
            take(e.target.files);
            e.target.value = '';
          }}
        />
        <Typography variant="body2" color="text.secondary">
          {EDIT_TEXT.dropHere}
        </Typography>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
